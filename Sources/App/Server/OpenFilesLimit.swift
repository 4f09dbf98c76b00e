import Foundation

/// Each connection holds an open file: the soft limit many systems start a process with (1,024) would stop the server
/// answering long before the machine runs out. At start the soft limit is raised to the hard one.
public enum OpenFilesLimit {
    /// Raises the soft limit to the hard one; returns the soft limit before and after (nil if it can't be read).
    @discardableResult
    public static func raise() -> (before: UInt64, after: UInt64)? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        let before = UInt64(limit.rlim_cur)
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        return (before, UInt64(limit.rlim_cur))
    }

    /// How many connections a server with `files` open files may hold: all but 256, kept for the database, its
    /// write-ahead log, the listening socket and the rest, and no more than 10,000.
    public static func connections(files: UInt64) -> Int {
        Int(min(max(files, 320) - 256, 10_000))
    }
}
