/// Where a user's points put them: a tier (Bronze 0–50, Silver 51–150, Gold 151+) and a level inside it, with
/// the points still needed for the next level, so there is always a next step.
///
/// Points come 10 to a badge, so every level begins at a total a member can reach: Bronze every 10 points
/// (0, 10 … 50), Silver every 20 from 60 (its first reachable total), Gold every 50 from 160. The points to the next
/// level are then always a whole number of badges.
public struct Rank: Sendable, Equatable {
    public enum Tier: String, Sendable {
        case bronze = "Bronze"
        case silver = "Silver"
        case gold = "Gold"
    }

    /// What one badge is worth.
    public static let pointsPerBadge = 10

    public let points: Int
    public let tier: Tier
    public let level: Int
    /// Points at which this level began and the next one begins.
    public let levelStart: Int
    public let nextLevelAt: Int

    public init(points: Int) {
        let points = max(0, points)
        self.points = points
        // The tier's lowest total (as the tiers are defined), its first level's reachable start, and the level size.
        let (tier, tierStart, first, step): (Tier, Int, Int, Int) =
            switch points {
            case ...50: (.bronze, 0, 0, 10)
            case 51...150: (.silver, 51, 60, 20)
            default: (.gold, 151, 160, 50)
            }
        self.tier = tier
        let index = max(0, points - first) / step
        self.level = index + 1
        // Totals between the tier's start and its first reachable one (none are earned 10 at a time) are level 1.
        self.levelStart = points < first ? tierStart : first + index * step
        // Bronze's six levels end at 60 and Silver's five at 160, where the next tier's first level begins.
        self.nextLevelAt = first + (index + 1) * step
    }

    public var pointsToNextLevel: Int { nextLevelAt - points }

    /// The badges that earn the points to the next level.
    public var badgesToNextLevel: Int { (pointsToNextLevel + Self.pointsPerBadge - 1) / Self.pointsPerBadge }

    /// "Level 3 · Silver Saver"
    func title(_ t: Words) -> String {
        switch tier {
        case .bronze: t["badges.rank.title_bronze", ["level": t.format.number(level)]]
        case .silver: t["badges.rank.title_silver", ["level": t.format.number(level)]]
        case .gold: t["badges.rank.title_gold", ["level": t.format.number(level)]]
        }
    }

    /// The tier's name: "Silver".
    func tierName(_ t: Words) -> String {
        switch tier {
        case .bronze: t["badges.rank.tier_bronze"]
        case .silver: t["badges.rank.tier_silver"]
        case .gold: t["badges.rank.tier_gold"]
        }
    }

    /// How far through the current level, 0…100.
    public var levelPercent: Int {
        let span = nextLevelAt - levelStart
        return span == 0 ? 100 : (points - levelStart) * 100 / span
    }

    /// What the next level is called ("Level 1 · Silver Saver" when a tier changes).
    func nextTitle(_ t: Words) -> String { Rank(points: nextLevelAt).title(t) }

    /// "20 points (2 badges) to Level 3 · Silver Saver"
    func nextText(_ t: Words) -> String {
        t[
            "badges.rank.next",
            [
                "points": t.plural("badges.rank.points", count: pointsToNextLevel),
                "badges": t.plural("badges.rank.badges", count: badgesToNextLevel),
                "title": nextTitle(t),
            ]
        ]
    }
}
