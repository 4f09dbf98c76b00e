import NIOConcurrencyHelpers

/// Lets one account import run at a time on a server: the one that takes it first, until it releases it.
final class ImportGate: Sendable {
    private let taken = NIOLockedValueBox(false)

    /// Takes the gate; false (and nothing changes) when another import holds it.
    func take() -> Bool {
        taken.withLockedValue { taken in
            guard !taken else { return false }
            taken = true
            return true
        }
    }

    func release() {
        taken.withLockedValue { $0 = false }
    }
}
