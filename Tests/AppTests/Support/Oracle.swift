import Foundation
import Testing

/// Independent implementations the tests compare the app with: Python scripts in `Tests/Formats`, run by the Python
/// that `.ci/run` makes with their packages (`Tests/Formats/requirements.txt`: Babel for CLDR, python-dateutil for
/// RFC 5545 recurrence rules).
enum Oracle {
    static var root: URL {
        URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    static var python: URL? {
        let python = root.appending(path: ".build-formats/bin/python")
        return FileManager.default.isExecutableFile(atPath: python.path) ? python : nil
    }

    /// The answers of `Tests/Formats/<script>` to `cases`, one per case in order (the script says what a case is).
    static func answers(_ script: String, _ cases: [[String: Any]]) throws -> [Any] {
        let python = try #require(
            python,
            "The oracles' Python is missing: .ci/run makes .build-formats from Tests/Formats/requirements.txt"
        )
        let process = Process()
        process.executableURL = python
        process.arguments = [root.appending(path: "Tests/Formats/" + script).path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: cases))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
    }
}
