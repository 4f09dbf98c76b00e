import Foundation
import Glibc

/// A blocking TCP connection to the local server, for tests that must send exactly the bytes (and at exactly the
/// pace) no HTTP client would: a malformed chunk, a request a byte at a time, a connection that sends nothing.
final class RawSocket {
    /// Why a send or a receive failed: its time ran out, or the system refused it (reset, broken pipe…).
    enum Failure: Error, CustomStringConvertible {
        case timedOut
        case system(String, Int32)

        var description: String {
            switch self {
            case .timedOut: "timeout"
            case .system(let call, let code): "\(call): \(String(cString: strerror(code)))"
            }
        }
    }

    private var descriptor: Int32

    /// Connects to `127.0.0.1:port`, from the local address `source` when given; each later send and receive waits
    /// at most `timeout` seconds.
    init(port: Int, source: String? = nil, timeout: Double) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure.system("socket", errno) }
        if let source {
            var local = Self.address("\(source)", port: 0)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                defer { close() }
                throw Failure.system("bind", errno)
            }
        }
        setTimeout(timeout)
        var remote = Self.address("127.0.0.1", port: port)
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            defer { close() }
            throw Failure.system("connect", errno)
        }
    }

    deinit { close() }

    /// How long each later send and receive waits.
    func setTimeout(_ seconds: Double) {
        var time = timeval(tv_sec: Int(seconds), tv_usec: Int(seconds * 1_000_000) % 1_000_000)
        for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
            setsockopt(descriptor, SOL_SOCKET, option, &time, socklen_t(MemoryLayout<timeval>.size))
        }
    }

    /// Sends all of `bytes`, or throws.
    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            // No SIGPIPE when the server has closed: the send fails instead, as the test expects.
            let count = bytes[sent...].withUnsafeBytes { buffer in
                Glibc.send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
            }
            if count < 0 { throw Self.failure("send") }
            sent += count
        }
    }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Up to `limit` bytes as soon as any come; empty when the server has closed the connection.
    func receive(limit: Int = 65_536) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, limit, 0) }
        if count < 0 { throw Self.failure("recv") }
        return Array(buffer.prefix(count))
    }

    func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }

    /// A port no one listens on now (bound, read, and let go).
    static func freePort() throws -> Int {
        let probe = try RawListener()
        return probe.port
    }

    /// Runs `body` on a thread of its own: a test blocking one of the few threads the server shares with other tests
    /// would leave the server none to answer with.
    static func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try body() })
            }
        }
    }

    /// Seconds on a monotonic clock since `start`, to a tenth, as the assertions read them.
    static func tenths(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (seconds * 10).rounded() / 10
    }

    private static func failure(_ call: String) -> Failure {
        errno == EAGAIN || errno == EWOULDBLOCK ? .timedOut : .system(call, errno)
    }

    private static func address(_ host: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        return address
    }
}

/// A socket bound to a free local port, closed when dropped: how a test finds a port for a server it starts.
private final class RawListener {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RawSocket.Failure.system("socket", errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            defer { _ = Glibc.close(descriptor) }
            throw RawSocket.Failure.system("bind", errno)
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { _ = Glibc.close(descriptor) }
}
