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

    /// When a push due at `now` may go out: `now`, or the end of the quiet hours it falls in.
    func pushTime(for now: Date) -> Date {
        let minute = Calendar.minute(of: now, in: timeZone)
        guard contains(minute: minute) else { return now }
        let minutesLeft = (to - minute + 1_440) % 1_440
        // Whole minutes from the start of this minute, so the push goes out at `to` sharp.
        let secondsIntoMinute = now.timeIntervalSince1970.truncatingRemainder(dividingBy: 60)
        let end = now.addingTimeInterval(TimeInterval(minutesLeft * 60) - secondsIntoMinute)
        // A daylight-saving change inside the quiet hours moves their end by the change: read the clock again.
        let drift = Calendar.minute(of: end, in: timeZone) - to
        guard drift != 0, abs(drift) <= 120 else { return end }
        return end.addingTimeInterval(TimeInterval(-drift * 60))
    }
}
