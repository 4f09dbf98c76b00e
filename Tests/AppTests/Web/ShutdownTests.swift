import Foundation
import Testing
@testable import App

/// Stopping the server (SIGTERM or Ctrl-C) doesn't wait on browsers' idle keep-alive connections.
@Suite("Stopping the server")
struct ShutdownTests {
    @Test("a stopping server closes an idle keep-alive TLS connection, like a browser's, right after its close_notify")
    func idleConnectionDoesNotHoldShutdown() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let client = Process()
        let output = Pipe()
        defer { if client.isRunning { client.terminate() } }
        try await TestApp.live(tls: .generated, dataDirectory: folder) { (port: Int) async throws in
            // Given: a client that asks for one page over TLS, then holds the connection open without a word, as a
            // browser does. Once the server says close_notify, the client (like a browser) sends none back; it times
            // how long the server then takes to close the connection.
            client.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            client.arguments = ["-c", """
                import os, socket, ssl, sys, time
                context = ssl.create_default_context()
                context.check_hostname = False
                context.verify_mode = ssl.CERT_NONE
                s = context.wrap_socket(socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=60))
                s.sendall(b"GET /healthz HTTP/1.1\\r\\nHost: localhost\\r\\n\\r\\n")
                answer = s.recv(65536)
                print("ready" if answer.startswith(b"HTTP/1.1 200") else "no answer", flush=True)
                rest = s.recv(65536)
                said_close = time.monotonic()
                raw = socket.socket(fileno=os.dup(s.fileno()))
                raw.settimeout(60)
                while raw.recv(65536):
                    pass
                print("closed %.2f" % (time.monotonic() - said_close), flush=True)
                """, String(port)]
            client.standardOutput = output
            try client.run()
            #expect(await Self.line(of: output) == "ready")
            // When: the server is told to stop (as on SIGTERM) once this returns
        }

        // Then: the connection closed soon after the server's close_notify, not after NIOSSL's 5 s wait for one back
        // (alone it takes a tenth of a second; beside the whole suite on two cores, up to about two)
        let said = await Self.line(of: output)
        let seconds = try #require(Double(said.dropFirst("closed ".count)), "the client said \(said)")
        #expect(seconds < 4, "the server held the connection \(seconds) s after its close_notify")
    }

    /// The next line `pipe` gives, read on a thread of its own.
    private static func line(of pipe: Pipe) async -> String {
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
