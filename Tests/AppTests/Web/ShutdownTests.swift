import Foundation
import Testing
@testable import App

/// Stopping the server (SIGTERM or Ctrl-C) doesn't wait on browsers' idle keep-alive connections.
@Suite("Stopping the server")
struct ShutdownTests {
    /// When the test's own part ended, kept for the time the shutdown took after it.
    private actor Moment {
        var instant: ContinuousClock.Instant?
        func mark() { instant = .now }
    }

    @Test("an idle keep-alive TLS connection, like a browser's, doesn't hold a stopping server")
    func idleConnectionDoesNotHoldShutdown() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let ended = Moment()
        let client = Process()
        defer { if client.isRunning { client.terminate() } }
        try await TestApp.live(tls: .generated, dataDirectory: folder) { (port: Int) async throws in
            // Given: a client that asks for one page over TLS, then holds the connection open without a word, as a
            // browser does (it sends no close_notify of its own)
            client.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            client.arguments = ["-c", """
                import socket, ssl, sys, time
                context = ssl.create_default_context()
                context.check_hostname = False
                context.verify_mode = ssl.CERT_NONE
                s = context.wrap_socket(socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=30))
                s.sendall(b"GET /healthz HTTP/1.1\\r\\nHost: localhost\\r\\n\\r\\n")
                answer = s.recv(65536)
                print("ready" if answer.startswith(b"HTTP/1.1 200") else "no answer", flush=True)
                time.sleep(20)
                """, String(port)]
            let output = Pipe()
            client.standardOutput = output
            try client.run()
            let said = await Self.firstLine(of: output)
            #expect(said == "ready")
            // When: the server is told to stop (as on SIGTERM) once this returns
            await ended.mark()
        }

        // Then: it stopped in well under the NIOSSL's 5 s wait for a close_notify that never comes (on a loaded machine a stop takes a second or two)
        let stopped = ContinuousClock.now
        let began = try #require(await ended.instant)
        #expect(stopped - began < .seconds(4), "the server took \(stopped - began) to stop")
    }

    /// The first line `pipe` gives, read on a thread of its own.
    private static func firstLine(of pipe: Pipe) async -> String {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var bytes: [UInt8] = []
                while true {
                    let byte = pipe.fileHandleForReading.readData(ofLength: 1)
                    guard let first = byte.first, first != UInt8(ascii: "\n") else { break }
                    bytes.append(first)
                }
                continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
            }
        }
    }
}
