import Foundation

/// Passwords too common to accept: the first ones any guesser tries.
///
/// The list (`Resources/common-passwords.txt`, one per line, lower case) holds the passwords of at least
/// `ProfileRules.passwordMinimum` characters from a published list of the 20,000 most common ones; shorter ones are
/// refused for their length already. The check ignores case and Unicode form.
struct CommonPasswords: Sendable {
    private let passwords: Set<String>

    init(_ passwords: some Sequence<String>) {
        self.passwords = Set(passwords.map(Self.key))
    }

    func contains(_ password: String) -> Bool {
        passwords.contains(Self.key(password))
    }

    private static func key(_ password: String) -> String {
        password.precomposedStringWithCanonicalMapping.lowercased()
    }

    /// Where the list lives under the resources folder.
    static func path(resourcesDirectory: String) -> String {
        resourcesDirectory + "/Resources/common-passwords.txt"
    }

    static func load(path: String) throws -> CommonPasswords {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            throw StartupError(
                "common passwords list \(path) not found or not UTF-8; run from the project folder or pass --resources-dir"
            )
        }
        return CommonPasswords(text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty })
    }
}
