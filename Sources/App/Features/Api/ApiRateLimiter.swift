import Foundation
import NIOConcurrencyHelpers

/// How many requests one API token may make: a bucket of `perMinute` requests per token that refills evenly over a
/// minute, so a burst is allowed but a loop is slowed to the rate. Kept in memory: a restart gives every token a
/// full bucket.
final class ApiRateLimiter: Sendable {
    let perMinute: Int
    private struct Bucket {
        var tokens: Double
        var at: Date
    }
    private let buckets = NIOLockedValueBox<[Int64: Bucket]>([:])

    init(perMinute: Int) {
        self.perMinute = perMinute
    }

    /// Takes one request from token `tokenId`'s bucket at `now`: nil when allowed, else the whole seconds to wait.
    func take(_ tokenId: Int64, now: Date) -> Int? {
        let capacity = Double(perMinute)
        let perSecond = capacity / 60
        return buckets.withLockedValue { buckets in
            var bucket = buckets[tokenId] ?? Bucket(tokens: capacity, at: now)
            bucket.tokens = min(capacity, bucket.tokens + max(0, now.timeIntervalSince(bucket.at)) * perSecond)
            bucket.at = now
            defer {
                buckets[tokenId] = bucket
                // Tokens whose buckets are full again are forgotten, so the table stays small.
                if buckets.count > 1_000 {
                    buckets = buckets.filter {
                        $0.value.tokens + now.timeIntervalSince($0.value.at) * perSecond < capacity
                    }
                }
            }
            guard bucket.tokens >= 1 else { return max(1, Int(((1 - bucket.tokens) / perSecond).rounded(.up))) }
            bucket.tokens -= 1
            return nil
        }
    }
}
