import Foundation
import Hummingbird
import MultipartKit

/// A `multipart/form-data` post (a form with a file field), read by MultipartKit: its text fields and its files.
struct UploadedForm: Sendable {
    /// One uploaded file as the browser sent it.
    struct File: Sendable {
        let filename: String
        let bytes: [UInt8]
    }

    private(set) var fields: [String: String] = [:]
    private(set) var files: [String: File] = [:]

    /// The largest body the app reads: an upload (multipart) from a signed-in member. Each upload also has its own
    /// smaller limit, checked with a clear message.
    static let maxBodySize = 64 * 1024 * 1024
    /// The largest body of an ordinary form (and of any post from someone not signed in).
    static let maxFormSize = 2 * 1024 * 1024

    /// Whether a request with this `Content-Type` is an upload.
    static func isUpload(contentType: String?) -> Bool {
        contentType?.lowercased().hasPrefix("multipart/form-data") == true
    }

    /// The boundary parameter of a multipart `Content-Type`.
    static func boundary(contentType: String) -> String? {
        parameter("boundary", in: contentType).flatMap { $0.isEmpty || $0.count > 200 ? nil : $0 }
    }

    /// Reads the body; nil when it isn't a well-formed multipart body for this `Content-Type`.
    static func parse(_ body: ByteBuffer, contentType: String) -> UploadedForm? {
        guard let boundary = boundary(contentType: contentType) else { return nil }
        let parser = MultipartParser(boundary: boundary)
        var form = UploadedForm()
        var headers: [(String, String)] = []
        var bytes: [UInt8] = []
        var complete = true
        parser.onHeader = { name, value in headers.append((name, value)) }
        parser.onBody = { buffer in bytes.append(contentsOf: buffer.readableBytesView) }
        parser.onPartComplete = {
            let disposition = headers.first { $0.0.lowercased() == "content-disposition" }?.1 ?? ""
            if let name = parameter("name", in: disposition) {
                if let filename = parameter("filename", in: disposition) {
                    form.files[name] = File(filename: filename, bytes: bytes)
                } else {
                    form.fields[name] = String(decoding: bytes, as: UTF8.self)
                }
            } else {
                complete = false
            }
            headers = []
            bytes = []
        }
        do {
            try parser.execute(body)
        } catch {
            return nil
        }
        return complete ? form : nil
    }

    /// A parameter of a header such as `Content-Disposition` or `Content-Type`: `name="file"` gives `file`.
    private static func parameter(_ key: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == key {
                return pair[1].count >= 2 && pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"")
                    ? String(pair[1].dropFirst().dropLast()) : pair[1]
            }
        }
        return nil
    }
}

extension MemberContext {
    /// The upload posted to this request (read by `CSRFMiddleware`); a body that isn't one is a 400.
    func uploadedForm() throws -> UploadedForm {
        guard let upload else {
            let t = words
            throw HTTPError(.badRequest, message: t["errors.form.upload_unreadable"])
        }
        return upload
    }
}
