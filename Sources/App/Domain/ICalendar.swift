import Foundation

/// A small iCalendar (RFC 5545) writer for all-day events with an alarm: text is escaped (§3.3.11), lines end in
/// CRLF and are folded at 75 octets without splitting a UTF-8 character (§3.1).
struct ICalendar {
    struct Event {
        /// Stable across feeds, so a calendar updates the event instead of adding it again.
        let uid: String
        let day: CalendarDay
        let summary: String
        let description: String
        /// Days before the event its alarm goes off (0: on the day).
        let alarmDaysBefore: Int
    }

    let name: String
    let events: [Event]

    /// The calendar, stamped `now` (in UTC).
    func text(now: Date) -> String {
        let stamp = Self.utcStamp(now)
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Stashify//Reminders//EN", "CALSCALE:GREGORIAN",
                     "METHOD:PUBLISH", "X-WR-CALNAME:" + Self.escape(name)]
        for event in events {
            lines += ["BEGIN:VEVENT", "UID:" + Self.escape(event.uid), "DTSTAMP:" + stamp,
                      "DTSTART;VALUE=DATE:" + Self.date(event.day), "DTEND;VALUE=DATE:" + Self.date(event.day.adding(days: 1)),
                      "SUMMARY:" + Self.escape(event.summary), "DESCRIPTION:" + Self.escape(event.description),
                      "TRANSP:TRANSPARENT",
                      "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + Self.escape(event.summary),
                      "TRIGGER:" + (event.alarmDaysBefore == 0 ? "PT9H" : "-P\(event.alarmDaysBefore)D"), "END:VALARM",
                      "END:VEVENT"]
        }
        lines.append("END:VCALENDAR")
        return lines.map(Self.fold).joined(separator: "\r\n") + "\r\n"
    }

    /// TEXT escaping: backslash, semicolon, comma and newlines.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r\n": out += "\\n"
            case "\r": break
            default: out.append(character)
            }
        }
        return out
    }

    /// A content line folded into lines of at most 75 octets, continuations starting with a space.
    static func fold(_ line: String) -> String {
        var result = ""
        var count = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if count + size > 75 {
                result += "\r\n "
                count = 1
            }
            result.unicodeScalars.append(scalar)
            count += size
        }
        return result
    }

    static func date(_ day: CalendarDay) -> String {
        day.description.replacingOccurrences(of: "-", with: "")
    }

    static func utcStamp(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let day = CalendarDay.utc(of: date)
        let time = ((seconds % 86_400) + 86_400) % 86_400
        return Self.date(day) + String(format: "T%02d%02d%02dZ", time / 3_600, time % 3_600 / 60, time % 60)
    }
}
