import Foundation
import Hummingbird

/// A one-time message shown on the next page after a redirect ("Profile saved."), carried in a short-lived cookie.
struct Flash: Codable, Sendable, Equatable {
    enum Kind: String, Codable, Sendable { case success, info, error }

    var kind: Kind
    var message: String
    /// Where the flash's "Undo" button posts, if the action can be undone.
    var undoPath: String?
    /// Badges the action just earned: the next page shows the "Receive badge" dialog.
    var badgeIds: [Int64]?

    static func success(_ message: String, badgeIds: [Int64] = []) -> Flash {
        Flash(kind: .success, message: message, badgeIds: badgeIds.isEmpty ? nil : badgeIds)
    }
    static func info(_ message: String) -> Flash { Flash(kind: .info, message: message) }
    static func error(_ message: String) -> Flash { Flash(kind: .error, message: message) }
    static func undoable(_ message: String, undoPath: String, badgeIds: [Int64] = []) -> Flash {
        Flash(kind: .success, message: message, undoPath: undoPath, badgeIds: badgeIds.isEmpty ? nil : badgeIds)
    }

    /// The cookie value: base64url of the JSON, so any message text is a valid cookie value.
    var cookieValue: String {
        ((try? JSONEncoder().encode(self)) ?? Data()).base64URLEncoded
    }

    /// `/trash/<digits>/restore`, `/entries/<digits>/delete` (a new entry taken out again),
    /// `/transactions/import/<digits>/undo` or `/transactions/bulk/<digits>/undo`
    static func isUndoPath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let oneRow =
            parts.count == 4 && parts[0].isEmpty
            && ((parts[1] == "trash" && parts[3] == "restore") || (parts[1] == "entries" && parts[3] == "delete"))
            && !parts[2].isEmpty && parts[2].allSatisfy(\.isASCIIDigit)
        let bankImport =
            parts.count == 5 && parts[0].isEmpty && parts[1] == "transactions"
            && (parts[2] == "import" || parts[2] == "bulk")
            && parts[4] == "undo" && !parts[3].isEmpty && parts[3].allSatisfy(\.isASCIIDigit)
        return oneRow || bankImport
    }

    /// The flash a request carries in the cookie `cookieName`, if it decodes.
    static func from(_ request: Request, cookieName: String) -> Flash? {
        guard let value = request.cookies[cookieName]?.value, !value.isEmpty else { return nil }
        var base64 = value.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        guard let data = Data(base64Encoded: base64), var flash = try? JSONDecoder().decode(Flash.self, from: data)
        else {
            return nil
        }
        // The cookie isn't signed: only an undo path of the one shape the app makes may become a form action.
        if let path = flash.undoPath, !Flash.isUndoPath(path) { flash.undoPath = nil }
        return flash
    }
}
