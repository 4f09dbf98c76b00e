import Foundation
import GRDB

/// Money that repeats: a recurrence rule (`Recurrence`, kept as RRULE text from `startsOn`) and the ledger row each
/// occurrence makes — its kind, category, account, stash, amount and note. An amount that varies is `amountCents`
/// up to `maxCents`.
struct Schedule: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    /// What an occurrence does on its day.
    enum Posting: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
        /// Posts by itself.
        case auto
        /// Waits in "To confirm" for one tap (its amount can be changed first).
        case confirm
        /// Posts nothing: the money is only expected (forecasts count it).
        case expect
    }

    var id: Int64?
    var userId: Int64
    var name: String
    /// RRULE text (`Recurrence.text`).
    var rule: String
    /// `YYYY-MM-DD`: the rule's first day (DTSTART).
    var startsOn: String
    var weekend: WeekendShift
    /// The ledger kind each occurrence posts: expense, income or saving.
    var kind: LedgerEntry.Kind
    var categoryId: Int64?
    var accountId: Int64?
    var stashId: Int64?
    var amountCents: Int64
    var maxCents: Int64?
    var note: String
    var posting: Posting
    /// The first rule day not yet handled; nil once the rule has ended.
    var nextOn: String?
    var createdAt: Date
    var updatedAt: Date
    /// The income source whose pay days it repeats on: its rule moves when their pay days do.
    var paydayOf: Int64? = nil

    static let databaseTableName = "schedule"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
        static let nextOn = Column(CodingKeys.nextOn)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    var recurrence: Recurrence? { Recurrence(rule: rule) }
    var start: CalendarDay? { CalendarDay(startsOn) }

    /// The amount an occurrence posts unless it was changed: a varying amount's middle, rounded down.
    var typicalCents: Int64 { Self.typicalCents(amountCents, upTo: maxCents) }

    /// An amount of `least` (up to `most` when it varies) as an occurrence posts it: the range's middle, rounded
    /// down.
    static func typicalCents(_ least: Int64, upTo most: Int64?) -> Int64 {
        most.map { least + ($0 - least) / 2 } ?? least
    }

    /// The rule's first day on or after `day`, if it has one.
    func nextRuleDay(onOrAfter day: CalendarDay) -> CalendarDay? {
        guard let recurrence, let start else { return nil }
        return recurrence.next(start: start, onOrAfter: day)
    }
}

/// One occurrence of a schedule that is anything but plain: posted, waiting for a tap, skipped, or planned
/// differently (moved, or another amount). `(scheduleId, dueOn)` is unique, so each occurrence posts once.
struct Occurrence: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    enum State: String, Codable, Sendable, DatabaseValueConvertible {
        /// Not handled yet, but planned differently (`postOn` moved, or `amountCents` changed).
        case planned
        /// Waits in "To confirm".
        case pending
        case posted
        case skipped
    }

    var id: Int64?
    var scheduleId: Int64
    var userId: Int64
    /// The rule's day: the occurrence's key.
    var dueOn: String
    /// The day it posts: the rule's day moved off a weekend, or wherever the member moved it.
    var postOn: String
    var state: State
    /// Another amount than the schedule's, for this occurrence only.
    var amountCents: Int64?
    var ledgerId: Int64?
    var seenAt: Date?
    var createdAt: Date

    static let databaseTableName = "occurrence"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The row of `schedule`'s rule day `day` before anything happened to it: planned for the day the weekend rule
    /// gives, with the schedule's amount.
    static func unhandled(
        _ schedule: Schedule,
        scheduleId: Int64,
        day: CalendarDay,
        seenAt: Date?,
        now: Date
    ) -> Occurrence {
        Occurrence(
            id: nil,
            scheduleId: scheduleId,
            userId: schedule.userId,
            dueOn: day.description,
            postOn: schedule.weekend.apply(to: day).description,
            state: .planned,
            amountCents: nil,
            ledgerId: nil,
            seenAt: seenAt,
            createdAt: now
        )
    }
}

extension WeekendShift: DatabaseValueConvertible {}
