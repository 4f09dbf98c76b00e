import Foundation

/// A user's quiet hours, `from` to `to` on their clock (they may cross midnight, like 22:00 to 07:00): nothing is
/// pushed inside them.
struct QuietHours: Sendable {
    /// Minutes after midnight.
    let from: Int
    let to: Int
    let timeZone: TimeZone

    /// Whether `minute` (after midnight) falls inside.
    func contains(minute: Int) -> Bool {
        from < to ? (minute >= from && minute < to) : (minute >= from || minute < to)
    }

    /// When a push due at `now` may go out: `now`, or the first minute after the quiet hours it falls in, read off
    /// the user's clock minute by minute (so a daylight-saving change inside them can't end them early or late).
    func pushTime(for now: Date) -> Date {
        guard contains(minute: Calendar.minute(of: now, in: timeZone)) else { return now }
        var time = now.addingTimeInterval(60 - now.timeIntervalSince1970.truncatingRemainder(dividingBy: 60))
        var steps = 0
        while contains(minute: Calendar.minute(of: time, in: timeZone)), steps < 26 * 60 {
            time.addTimeInterval(60)
            steps += 1
        }
        return time
    }
}
