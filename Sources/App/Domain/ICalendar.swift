import Foundation

/// A small iCalendar (RFC 5545) writer for all-day events with an alarm: text is escaped (§3.3.11), lines end in
/// CRLF and are folded at 75 octets without splitting a UTF-8 character or an escape (§3.1). Written byte by byte:
/// a feed has hundreds of events.
struct ICalendar {
    struct Event {
        /// Stable across feeds, so a calendar updates the event instead of adding it again.
        let uid: String
        let day: CalendarDay
        let summary: String
        let description: String
        /// Days before the event its alarm goes off (0: on the day).
        let alarmDaysBefore: Int
        /// An absolute link to the page where it can be acted on.
        var url: String?
        /// A repeating event's rule (RRULE text); `day` is its first day.
        var rule: String? = nil
        /// Days the rule names that the event leaves out (EXDATE).
        var exceptions: [CalendarDay] = []
    }

    let name: String
    let events: [Event]

    /// The calendar, stamped `now` (in UTC).
    func text(now: Date) -> String {
        var out = Writer()
        out.bytes.reserveCapacity(200 + events.count * 420)
        let stamp = Self.utcStamp(now)
        for line in [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Stashify//Reminders//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
        ] {
            out.line(line)
        }
        out.line("X-WR-CALNAME:", escaping: name)
        for event in events {
            out.line("BEGIN:VEVENT")
            out.line("UID:", escaping: event.uid)
            out.line("DTSTAMP:" + stamp)
            out.line("DTSTART;VALUE=DATE:" + Self.date(event.day))
            out.line("DTEND;VALUE=DATE:" + Self.date(event.day.adding(days: 1)))
            // A rule is written as it is kept: its own letters, digits and punctuation, nothing to escape.
            if let rule = event.rule { out.line("RRULE:" + rule.filter { !$0.isNewline }) }
            if !event.exceptions.isEmpty {
                out.line("EXDATE;VALUE=DATE:" + event.exceptions.map(Self.date).joined(separator: ","))
            }
            out.line("SUMMARY:", escaping: event.summary)
            out.line("DESCRIPTION:", escaping: event.description)
            // A URI, not TEXT: written as it is (a link of this site has no control characters).
            if let url = event.url { out.line("URL;VALUE=URI:" + url.filter { !$0.isNewline }) }
            out.line("TRANSP:TRANSPARENT")
            out.line("BEGIN:VALARM")
            out.line("ACTION:DISPLAY")
            out.line("DESCRIPTION:", escaping: event.summary)
            out.line(event.alarmDaysBefore == 0 ? "TRIGGER:PT9H" : "TRIGGER:-P\(event.alarmDaysBefore)D")
            out.line("END:VALARM")
            out.line("END:VEVENT")
        }
        out.line("END:VCALENDAR")
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Content lines as bytes, folded as they are written.
    struct Writer {
        var bytes: [UInt8] = []
        private var column = 0

        /// `name` as it is, then `value` escaped as TEXT, then CRLF.
        mutating func line(_ name: String, escaping value: String? = nil) {
            append(Array(name.utf8), escaping: false)
            if let value { append(Array(value.utf8), escaping: true) }
            bytes.append(0x0D)
            bytes.append(0x0A)
            column = 0
        }

        private mutating func append(_ source: [UInt8], escaping: Bool) {
            var index = 0
            while index < source.count {
                let byte = source[index]
                if escaping {
                    let escaped: UInt8? =
                        switch byte {
                        case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","): byte
                        case UInt8(ascii: "\n"): UInt8(ascii: "n")
                        default: nil
                        }
                    // Other control characters have no place in TEXT (a tab stays).
                    if byte < 0x20 && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\t") {
                        index += 1
                        continue
                    }
                    if let escaped {
                        make(room: 2)
                        bytes.append(UInt8(ascii: "\\"))
                        bytes.append(escaped)
                        column += 2
                        index += 1
                        continue
                    }
                }
                // A character's bytes stay on one line.
                let length = min(byte < 0xC0 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2, source.count - index)
                make(room: length)
                bytes.append(contentsOf: source[index..<(index + length)])
                column += length
                index += length
            }
        }

        /// A fold first when `count` more octets would pass 75 on this line.
        private mutating func make(room count: Int) {
            guard column + count > 75 else { return }
            bytes.append(contentsOf: [0x0D, 0x0A, 0x20])
            column = 1
        }
    }

    /// TEXT escaping: backslash, semicolon, comma and newlines.
    static func escape(_ text: String) -> String {
        var writer = Writer()
        writer.line("", escaping: text)
        return String(decoding: writer.bytes.dropLast(2), as: UTF8.self)
    }

    /// A content line folded into lines of at most 75 octets, continuations starting with a space.
    static func fold(_ line: String) -> String {
        var writer = Writer()
        writer.line(line)
        return String(decoding: writer.bytes.dropLast(2), as: UTF8.self)
    }

    /// `YYYYMMDD`.
    static func date(_ day: CalendarDay) -> String {
        String(format: "%04d%02d%02d", day.year, day.month, day.day)
    }

    static func utcStamp(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let time = ((seconds % 86_400) + 86_400) % 86_400
        return Self.date(CalendarDay.utc(of: date))
            + String(format: "T%02d%02d%02dZ", time / 3_600, time % 3_600 / 60, time % 60)
    }
}
