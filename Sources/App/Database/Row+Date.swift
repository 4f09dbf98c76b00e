import Foundation
import GRDB

extension Row {
    /// A date column as GRDB writes it, "YYYY-MM-DD HH:MM:SS.SSS" in UTC, read without Foundation's calendar.
    ///
    /// GRDB's general parser accepts every SQLite date form and builds each value through `Calendar.date(from:)`,
    /// which cost more than the rest of a row: a list of fifty entries decodes a hundred dates. Any other form (a
    /// date written by another tool, a number) still goes through GRDB, so nothing reads differently.
    func date(_ column: String) throws -> Date {
        try optionalDate(column) ?? decode(forColumn: column)  // NULL: GRDB's error for a missing date
    }

    /// `date(_:)` for a column that may be NULL.
    func optionalDate(_ column: String) throws -> Date? {
        let value: DatabaseValue = try decode(forColumn: column)
        switch value.storage {
        case .null: return nil
        case .string(let text): if let date = Self.storedDate(text) { return date }
        default: break
        }
        return try decode(forColumn: column)
    }

    /// `date(_:)` for the column at `index`.
    func date(atIndex index: Int) throws -> Date {
        let value: DatabaseValue = try decode(atIndex: index)
        if case .string(let text) = value.storage, let date = Self.storedDate(text) { return date }
        return try decode(atIndex: index)
    }

    /// Parses exactly "YYYY-MM-DD HH:MM:SS.SSS" (UTC, the fraction optional, up to 9 digits); nil for anything else.
    static func storedDate(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes in timestamp(bytes, separator: UInt8(ascii: " ")) }
    }

    fileprivate static func timestamp(_ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8) -> Date? {
        guard bytes.count == 19 || (bytes.count >= 21 && bytes.count <= 29 && bytes[19] == UInt8(ascii: ".")),
              bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == separator,
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              hour < 24, minute < 60, second < 60
        else { return nil }
        var nanoseconds = 0
        if bytes.count > 19 {
            guard let fraction = number(20..<bytes.count) else { return nil }
            nanoseconds = fraction
            for _ in 0..<(9 - (bytes.count - 20)) { nanoseconds *= 10 }
        }
        guard let civil = CalendarDay(year: year, month: month, day: day) else { return nil }  // checks the day
        let days = civil.ordinal - 719_162  // 1970-01-01 is day 719,162 since 0001-01-01
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        // The same arithmetic as Foundation's: whole seconds since the reference date, then the fraction.
        let sinceReference = Double(seconds - 978_307_200) + Double(nanoseconds) / 1_000_000_000
        return Date(timeIntervalSinceReferenceDate: sinceReference)
    }
}

extension Date {
    /// Parses exactly "YYYY-MM-DDTHH:MM:SSZ", the form `JSONEncoder`'s `.iso8601` writes; nil for anything else.
    static func iso8601Text(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count == 20, bytes[19] == UInt8(ascii: "Z") else { return nil }
            return Row.timestamp(UnsafeBufferPointer(rebasing: bytes[0..<19]), separator: UInt8(ascii: "T"))
        }
    }

    /// The text GRDB stores for this date, "YYYY-MM-DD HH:MM:SS.SSS" in UTC, made without Foundation's formatter
    /// (which cost more than the rest of a row when thousands of rows are written at once). Dates outside 1900 to
    /// 2199 go through GRDB itself.
    var storedText: String {
        // The arithmetic of the formatter underneath: the nearest millisecond since 1970, then whole days.
        let milliseconds = ((timeIntervalSinceReferenceDate + 978_307_200) * 1_000).rounded()
        let days = (milliseconds / 86_400_000).rounded(.down)
        guard days >= -25_567, days < 84_006 else { return String.fromDatabaseValue(databaseValue) ?? "" }
        let inDay = Int(milliseconds - days * 86_400_000)
        let day = CalendarDay.utc(of: Date(timeIntervalSince1970: days * 86_400))
        let seconds = inDay / 1_000
        return day.description + " " + zeroPadded(seconds / 3_600, 2) + ":" + zeroPadded(seconds / 60 % 60, 2) + ":"
            + zeroPadded(seconds % 60, 2) + "." + zeroPadded(inDay % 1_000, 3)
    }
}
