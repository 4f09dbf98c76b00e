import Foundation

/// An exclusive lock on the data folder (`<folder>/.lock`, `flock`), held by the server for as long as it runs, so
/// a restore can tell that a server is using the folder and refuse. The operating system lets it go when the
/// process ends, however it ends.
public final class DataFolderLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock, or returns nil when another process (or another lock in this one) holds it.
    public init?(dataDirectory folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/.lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StartupError("cannot open \(path): \(String(cString: strerror(errno)))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
