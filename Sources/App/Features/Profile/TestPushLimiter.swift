import Foundation
import NIOConcurrencyHelpers

/// How often one member may press "Send a test notification": at most `limit` tests in any minute, so the button
/// can't make the server hammer an address.
final class TestPushLimiter: Sendable {
    let limit: Int
    static let window: TimeInterval = 60
    /// When each member's recent tests went.
    private let sent = NIOLockedValueBox<[Int64: [Date]]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts a test for the member at `now`; false (counting nothing) when they sent `limit` in the last minute.
    func allow(_ userId: Int64, now: Date) -> Bool {
        sent.withLockedValue { sent in
            let recent = (sent[userId] ?? []).filter { now.timeIntervalSince($0) < Self.window }
            guard recent.count < limit else {
                sent[userId] = recent
                return false
            }
            sent[userId] = recent + [now]
            // Members whose tests are all older than a minute are forgotten, so the table stays small.
            if sent.count > 1_000 {
                sent = sent.filter { $0.value.contains { now.timeIntervalSince($0) < Self.window } }
            }
            return true
        }
    }
}
