/// Where a user's points put them: a tier (Bronze 0–50, Silver 51–150, Gold 151+) and a level inside it, with
/// the points still needed for the next level, so there is always a next step.
public struct Rank: Sendable, Equatable {
    public enum Tier: String, Sendable {
        case bronze = "Bronze", silver = "Silver", gold = "Gold"
    }

    public let points: Int
    public let tier: Tier
    public let level: Int
    /// Points at which this level began and the next one begins.
    public let levelStart: Int
    public let nextLevelAt: Int

    /// Bronze levels start every 10 points (0, 10 … 50), Silver every 20 from 51, Gold every 50 from 151.
    public init(points: Int) {
        let points = max(0, points)
        self.points = points
        let (tier, start, step): (Tier, Int, Int) = switch points {
        case ...50: (.bronze, 0, 10)
        case 51...150: (.silver, 51, 20)
        default: (.gold, 151, 50)
        }
        self.tier = tier
        let index = (points - start) / step
        self.level = index + 1
        self.levelStart = start + index * step
        let next = levelStart + step
        // The last Bronze and Silver levels end where the next tier begins.
        switch tier {
        case .bronze: self.nextLevelAt = min(next, 51)
        case .silver: self.nextLevelAt = min(next, 151)
        case .gold: self.nextLevelAt = next
        }
    }

    public var pointsToNextLevel: Int { nextLevelAt - points }

    /// "Level 3 · Silver Saver"
    public var title: String { "Level \(level) · \(tier.rawValue) Saver" }

    /// How far through the current level, 0…100.
    public var levelPercent: Int {
        let span = nextLevelAt - levelStart
        return span == 0 ? 100 : (points - levelStart) * 100 / span
    }

    /// What the next level is called ("Level 1 · Silver Saver" when a tier changes).
    public var nextTitle: String { Rank(points: nextLevelAt).title }
}
