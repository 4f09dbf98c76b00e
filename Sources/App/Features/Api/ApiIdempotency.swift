import Crypto
import Foundation
import GRDB
import HTTPTypes
import Hummingbird

/// A POST sent with an `Idempotency-Key` changes things once: the answer is kept for a day under the member and the
/// key, and a retry with the same method, path and body gets it back (marked `Idempotent-Replayed: true`). The same
/// key with another request is refused with 422, and one sent while the first is still being answered with 409.
/// Answers the client should retry (a fault, a conflict, too many requests) and refusals thrown by handlers, which
/// change nothing, aren't kept.
struct ApiIdempotency: RouterMiddleware {
    typealias Context = AppRequestContext
    let database: AppDatabase
    let now: @Sendable () -> Date
    let catalogue: Catalogue

    /// How long an answer is kept.
    static let keptFor: TimeInterval = 86_400
    /// How long a claim without an answer holds: longer than any request takes.
    static let abandonedAfter: TimeInterval = 120
    static let maxKeyLength = 200
    static let maxBodySize = 1_048_576

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        guard request.method == .post, let key = request.headers[.idempotencyKey], let caller = ApiAuthenticator.caller
        else { return try await next(request, context) }
        let t = caller.words(catalogue)
        guard (1...Self.maxKeyLength).contains(key.count) else {
            return ApiProblem.response(
                .badRequest,
                title: t["api.errors.idempotency_key_title"],
                detail: t["api.errors.idempotency_key_detail", ["count": String(Self.maxKeyLength)]]
            )
        }
        var request = request
        let body = try await request.collectBody(upTo: Self.maxBodySize)
        var hasher = SHA256()
        hasher.update(data: Data("\(request.method.rawValue) \(request.uri.path)\n".utf8))
        hasher.update(data: Data(buffer: body))
        let hash = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        let now = now()
        switch try await claim(userId: caller.userId, key: key, hash: hash, now: now) {
        case .mismatch:
            return ApiProblem.response(
                .unprocessableContent,
                title: t["api.errors.idempotency_reused_title"],
                detail: t["api.errors.idempotency_reused_detail"]
            )
        case .inProgress:
            return ApiProblem.response(
                .conflict,
                title: t["api.errors.idempotency_busy_title"],
                detail: t["api.errors.idempotency_busy_detail"]
            )
        case .replay(let status, let contentType, let body):
            var headers: HTTPFields = [.idempotentReplayed: "true", .cacheControl: "no-store"]
            if let contentType { headers[.contentType] = contentType }
            return Response(
                status: .init(code: status),
                headers: headers,
                body: .init(byteBuffer: ByteBuffer(bytes: body))
            )
        case .fresh:
            break
        }
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            try await forget(userId: caller.userId, key: key)
            throw error
        }
        guard response.status.code < 500, ![.conflict, .tooManyRequests].contains(response.status) else {
            try await forget(userId: caller.userId, key: key)
            return response
        }
        let collector = BodyCollector()
        try await response.body.write(collector)
        let answer = collector.buffer
        try await database.write { db in
            try db.execute(
                sql: "UPDATE apiIdempotency SET status = ?, contentType = ?, body = ? WHERE userId = ? AND key = ?",
                arguments: [
                    response.status.code, response.headers[.contentType], Data(buffer: answer), caller.userId, key,
                ]
            )
        }
        var kept = response
        kept.body = .init(byteBuffer: answer)
        return kept
    }

    private enum Claim {
        case fresh, mismatch, inProgress
        case replay(Int, String?, Data)
    }

    /// Claims `key` for this request, or says what became of an earlier one; answers older than a day go first.
    private func claim(userId: Int64, key: String, hash: String, now: Date) async throws -> Claim {
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM apiIdempotency WHERE createdAt < ?",
                arguments: [now.addingTimeInterval(-Self.keptFor)]
            )
            if let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT requestHash, status, contentType, body, createdAt FROM apiIdempotency
                    WHERE userId = ? AND key = ?
                    """,
                arguments: [userId, key]
            ) {
                guard row["requestHash"] == hash else { return .mismatch }
                if let status: Int = row["status"] { return .replay(status, row["contentType"], row["body"] ?? Data()) }
                // Claimed by a request that never finished (the server stopped while answering it): this one may go.
                guard let claimed: Date = row["createdAt"], now.timeIntervalSince(claimed) >= Self.abandonedAfter
                else { return .inProgress }
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO apiIdempotency (userId, key, requestHash, createdAt) VALUES (?, ?, ?, ?)",
                arguments: [userId, key, hash, now]
            )
            return .fresh
        }
    }

    private func forget(userId: Int64, key: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM apiIdempotency WHERE userId = ? AND key = ?", arguments: [userId, key])
        }
    }
}

/// Gathers a response's body, to keep it.
private final class BodyCollector: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        self.buffer.writeBuffer(&buffer)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

extension HTTPField.Name {
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
    static let idempotentReplayed = HTTPField.Name("Idempotent-Replayed")!
}
