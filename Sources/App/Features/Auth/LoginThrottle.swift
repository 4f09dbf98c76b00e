import Foundation
import GRDB
import HTTPTypes
import Hummingbird

/// Slows down password guessing without letting a stranger lock the owner out.
///
/// Failed tries are counted per account *and* client address: after `perAccount` of them within `window`, that
/// address may not try that account again until the oldest is `window` old, while the owner, from their own
/// address, still can. Every try from one address counts toward `perAddress` as well, whichever email it names
/// (implausible ones too), and so does every sign-up, so one client trying many accounts, or making them, is slowed
/// down just the same. A try the server was too busy to check (`HashingPool.Busy`) is taken back (`withdraw`).
///
/// An IPv6 client is counted by its /64 network, wherever an address is counted (log-in, sign-up, codes).
///
/// Every try is counted *before* the password is checked, in the same transaction as the check of the counts,
/// so parallel requests can't all slip past the limit; a successful log-in clears that account and address's count.
struct LoginThrottle: Sendable {
    let database: AppDatabase
    let now: @Sendable () -> Date
    /// Whether the server sits behind a reverse proxy (TLS off): the client is then the last address the proxy
    /// added to `X-Forwarded-For`, not the proxy itself.
    var behindProxy = false
    var perAccount = 5
    var perAddress = 20
    var window: TimeInterval = 15 * 60
    /// Wrong one-time codes one account may get within `window`, from whatever addresses, before two-factor sign-in
    /// for it is locked for `window`: rotating addresses can't brute-force a code.
    var codesPerAccount = 10

    /// The address tries are counted against: the connection's peer, or behind a proxy the client it names; an IPv6
    /// client by its /64 network (`group`).
    func clientAddress(of request: Request, peer: String?) -> String {
        Self.group(knownClientAddress(of: request, peer: peer) ?? "unknown")
    }

    /// `address` as every throttle counts it. An IPv6 address stands for its /64 network (`2001:db8:1:2::/64`): a
    /// home or a rented server is given a whole /64, so one client has billions of addresses to rotate through. An
    /// IPv4 address, or one mapped into IPv6 (`::ffff:192.0.2.7`), is counted as itself; anything else as it is.
    static func group(_ address: String) -> String {
        var text = Substring(address)
        if text.hasPrefix("["), let end = text.firstIndex(of: "]") {
            text = text[text.index(after: text.startIndex)..<end]
        }
        if let zone = text.firstIndex(of: "%") { text = text[..<zone] }
        guard text.contains(":") else { return address }
        var bytes = [UInt8](repeating: 0, count: 16)
        guard inet_pton(AF_INET6, String(text), &bytes) == 1 else { return address }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        let network = stride(from: 0, to: 8, by: 2).map {
            String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
        }
        return network.joined(separator: ":") + "::/64"
    }

    /// `clientAddress`, or nil when there is none (no peer, as in in-process tests): what a session records.
    func knownClientAddress(of request: Request, peer: String?) -> String? {
        if behindProxy, let forwarded = request.headers[.xForwardedFor],
            let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty
        {
            return String(last.prefix(64))
        }
        return peer
    }

    /// Counts a try for `email` from `address` (an empty email for one no account could have). Returns nil if it may
    /// go ahead, or when it may try again if it may not.
    func begin(email: String, address: String) async throws -> Date? {
        let email = User.normalize(email: email)
        let now = self.now()
        let since = now.addingTimeInterval(-window)
        return try await database.write { [perAccount, perAddress, window] db in
            try db.execute(sql: "DELETE FROM loginAttempt WHERE attemptedAt <= ?", arguments: [since])
            let fromAddress = try Date.fetchAll(
                db,
                sql: """
                    SELECT attemptedAt FROM loginAttempt WHERE address = ? AND attemptedAt > ?
                    ORDER BY attemptedAt DESC LIMIT ?
                    """,
                arguments: [address, since, perAddress]
            )
            if fromAddress.count >= perAddress, let oldest = fromAddress.last {
                return oldest.addingTimeInterval(window)
            }
            if !email.isEmpty {
                let forAccount = try Date.fetchAll(
                    db,
                    sql: """
                        SELECT attemptedAt FROM loginAttempt WHERE email = ? AND address = ? AND attemptedAt > ?
                        ORDER BY attemptedAt DESC LIMIT ?
                        """,
                    arguments: [email, address, since, perAccount]
                )
                if forAccount.count >= perAccount, let oldest = forAccount.last {
                    return oldest.addingTimeInterval(window)
                }
            }
            try db.execute(
                sql: "INSERT INTO loginAttempt (email, address, attemptedAt) VALUES (?, ?, ?)",
                arguments: [email, address, now]
            )
            return nil
        }
    }

    /// Takes back one try for `email` from `address` that `begin` counted but that checked nothing (the password
    /// hashing was too busy to take it), so a busy server never counts as a failed try.
    func withdraw(email: String, address: String) async throws {
        let email = User.normalize(email: email)
        try await database.write { db in
            try db.execute(
                sql: """
                    DELETE FROM loginAttempt WHERE rowid = (
                        SELECT rowid FROM loginAttempt WHERE email = ? AND address = ? ORDER BY attemptedAt DESC, rowid DESC LIMIT 1)
                    """,
                arguments: [email, address]
            )
        }
    }

    /// A successful log-in starts the account's count from that address again.
    func reset(email: String, address: String) async throws {
        let email = User.normalize(email: email)
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM loginAttempt WHERE email = ? AND address = ?",
                arguments: [email, address]
            )
        }
    }

    /// Forgets tries older than the window (the housekeeping does this on a schedule; each try does it too).
    func removeOld() async throws {
        let since = now().addingTimeInterval(-window)
        try await database.write { db in
            try db.execute(sql: "DELETE FROM loginAttempt WHERE attemptedAt <= ?", arguments: [since])
            try db.execute(sql: "DELETE FROM twoFactorTry WHERE triedAt <= ?", arguments: [since])
        }
    }

    // MARK: - One-time codes, per account

    /// Counts a one-time code tried for the account, from any address. Returns nil if it may be checked, or when
    /// the account may try again: `window` after the last of `codesPerAccount` tries within the window.
    func beginCode(userId: Int64) async throws -> Date? {
        let now = self.now()
        let since = now.addingTimeInterval(-window)
        return try await database.write { [codesPerAccount, window] db in
            try db.execute(sql: "DELETE FROM twoFactorTry WHERE triedAt <= ?", arguments: [since])
            let tries = try Date.fetchAll(
                db,
                sql: """
                    SELECT triedAt FROM twoFactorTry WHERE userId = ? AND triedAt > ? ORDER BY triedAt DESC LIMIT ?
                    """,
                arguments: [userId, since, codesPerAccount]
            )
            if tries.count >= codesPerAccount, let last = tries.first {
                return last.addingTimeInterval(window)
            }
            try db.execute(sql: "INSERT INTO twoFactorTry (userId, triedAt) VALUES (?, ?)", arguments: [userId, now])
            return nil
        }
    }

    /// A right code starts the account's count of code tries again.
    func resetCodes(userId: Int64) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM twoFactorTry WHERE userId = ?", arguments: [userId])
        }
    }

    /// How long until `retryAt` as "Try again in …" ends in `t`'s language ("10 minutes"), and the seconds for
    /// `Retry-After`.
    func waitText(until retryAt: Date, t: Words) -> (text: String, seconds: Int) {
        let seconds = max(1, Int(retryAt.timeIntervalSince(now()).rounded(.up)))
        return (t.plural("auth.wait.minutes", count: (seconds + 59) / 60), seconds)
    }

    /// `waitText(until:t:)` in English, for messages not yet given their words.
    @available(*, deprecated, message: "pass t: so the wait speaks the page's language")
    func waitText(until retryAt: Date) -> (text: String, seconds: Int) {
        let seconds = max(1, Int(retryAt.timeIntervalSince(now()).rounded(.up)))
        let minutes = (seconds + 59) / 60
        return (minutes == 1 ? "a minute" : "\(minutes) minutes", seconds)
    }
}

extension HTTPField.Name {
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
}
