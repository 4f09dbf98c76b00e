import HTTPTypes
import HummingbirdCore
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTPTypes

/// How slowly a request's body may arrive, after the rule of Apache's `mod_reqtimeout`: a body has `timeout` from
/// its request's head, and every `minimumRate` bytes that arrive give it one second more. A client that trickles a
/// byte every few seconds is closed when its time runs out; a large upload at any real speed never is.
public struct BodyReadLimit: Sendable, Equatable {
    public var timeout: Duration
    /// Bytes per second; each that many bytes buys one more second.
    public var minimumRate: Int

    public init(timeout: Duration = .seconds(20), minimumRate: Int = 500) {
        self.timeout = timeout
        self.minimumRate = minimumRate
    }

    /// When a body that started at `start` and has `bytes` so far must be whole.
    func deadline(start: NIODeadline, bytes: Int) -> NIODeadline {
        let seconds = timeout.components.seconds + Int64(bytes / max(1, minimumRate))
        return start + .seconds(seconds) + .nanoseconds(timeout.components.attoseconds / 1_000_000_000)
    }
}

/// Closes a connection whose request body comes slower than `BodyReadLimit` allows, so trickling clients can't hold
/// the server's connections. The server's idle timeout covers the time before a request's head and between requests.
final class BodyReadDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    let limit: BodyReadLimit
    private var start: NIODeadline?
    private var bytes = 0
    private var check: Scheduled<Void>?

    init(limit: BodyReadLimit) {
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            // Timed from the head, checked from the body's first bytes: a request without a body (most) sets no
            // timer, and one whose body never starts is the idle timeout's.
            start = .now()
            bytes = 0
        case .body(let buffer):
            if check == nil { schedule(context: context) }
            bytes += buffer.readableBytes
        case .end:
            start = nil
            check?.cancel()
            check = nil
        }
        context.fireChannelRead(data)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        check?.cancel()
    }

    /// Looks again when the body's time, as it stands now, runs out: more bytes by then push the check later.
    private func schedule(context: ChannelHandlerContext) {
        guard let start else { return }
        let deadline = limit.deadline(start: start, bytes: bytes)
        check?.cancel()
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        check = context.eventLoop.scheduleTask(deadline: deadline) {
            let (handler, context) = loopBound.value
            guard let start = handler.start else { return }
            if handler.limit.deadline(start: start, bytes: handler.bytes) <= .now() {
                context.close(promise: nil)
            } else {
                handler.schedule(context: context)
            }
        }
    }
}

/// Counts open connections per client address (IPv6 by its /64, which one home or phone gets) and closes one past
/// `limit` at once, so one address can't take every connection the server has. Only for a server reached directly:
/// behind a reverse proxy every connection comes from the proxy, which should limit them itself.
final class ConnectionsPerAddress: Sendable {
    let limit: Int
    private let open = NIOLockedValueBox([String: Int]())

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes a place for `address`; false when it already has `limit` connections.
    func take(_ address: String) -> Bool {
        open.withLockedValue { open in
            let count = open[address, default: 0]
            guard count < limit else { return false }
            open[address] = count + 1
            return true
        }
    }

    func release(_ address: String) {
        open.withLockedValue { open in
            let count = open[address, default: 0] - 1
            open[address] = count > 0 ? count : nil
        }
    }

    /// How many connections `address` holds (tests).
    func count(_ address: String) -> Int {
        open.withLockedValue { $0[address, default: 0] }
    }

    /// The handler that holds one connection's place.
    func handler() -> Handler { Handler(counter: self) }

    final class Handler: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPRequestPart
        let counter: ConnectionsPerAddress
        private var address: String?

        init(counter: ConnectionsPerAddress) {
            self.counter = counter
        }

        func handlerAdded(context: ChannelHandlerContext) {
            if context.channel.isActive { take(context: context) }
        }

        func channelActive(context: ChannelHandlerContext) {
            take(context: context)
            context.fireChannelActive()
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            if let address { counter.release(address) }
            address = nil
        }

        private func take(context: ChannelHandlerContext) {
            guard address == nil, let ip = context.channel.remoteAddress?.ipAddress else { return }
            let group = LoginThrottle.group(ip)
            if counter.take(group) {
                address = group
            } else {
                context.close(promise: nil)
            }
        }
    }
}
