internal import CSQLite
import Foundation
import Locking
import TranslateModel

/// The persistent translation cache: one SQLite database file, shared by every run of the user.
///
/// - One connection per process, serialised behind a lock. Lookups and writes take
///   microseconds while a translation request takes tens of milliseconds or more, so the lock is
///   never contended for long, and one connection keeps one file descriptor and one WAL reader.
/// - WAL journal and a busy timeout, so that two runs sharing the cache at once both read
///   while one writes, and a writer waits for the other instead of failing.
/// - The file is created readable and writable by its owner only (0600) and set back to that
///   at every open; SQLite gives its `-wal` and `-shm` files the same mode.
/// - A file that is not a database, or whose pages are corrupt, is moved aside to
///   `NAME.damaged` and a new cache is started, with one warning; any other failure turns the
///   cache off for the rest of the run, with one warning. A translation never fails because of
///   the cache.
public final class SQLiteTranslationCache: TranslationStore {
    /// The database's name inside the cache directory.
    public static let fileName = "translations.sqlite3"
    /// The schema this code writes; a file with another version is started afresh.
    static let schemaVersion = 1

    public let path: String
    private let warn: @Sendable (EngineNotice) -> Void
    private let state: Locked<State>

    /// The open database and its prepared statements; nil once the cache is turned off.
    ///
    /// @unchecked Sendable: the connection and its statements (not thread-safe) are made in
    /// `init` before they are put in `state`, and from then on used only inside
    /// `state.withLock`; no reference to them is kept or handed out elsewhere.
    private struct State: @unchecked Sendable {
        var database: OpenDatabase?
        var warnedBusy = false
    }

    private struct OpenDatabase {
        var connection: SQLiteConnection
        var select: SQLiteStatement
        var insert: SQLiteStatement
    }

    /// Opens (or creates) the cache in `directory`, creating the directory (mode 0700) when
    /// missing. A damaged file is moved aside and replaced, with a message through `warn`.
    public init(directory: String, warn: @escaping @Sendable (EngineNotice) -> Void) throws(CacheError) {
        try Self.makeDirectory(directory)
        let path = (directory as NSString).appendingPathComponent(Self.fileName)
        self.path = path
        self.warn = warn
        let database: OpenDatabase
        do throws(CacheError) {
            database = try Self.open(path)
        } catch .damaged(let reason) {
            warn(Self.moveAside(path, reason: reason))
            database = try Self.open(path)
        }
        state = Locked(State(database: database))
    }

    public func lookup(_ keys: [TranslationCacheKey], in scope: TranslationCacheScope) -> [TranslationCacheKey: CachedTranslation] {
        guard !keys.isEmpty else { return [:] }
        return state.withLock { state in
            guard let database = state.database else { return [:] }
            do throws(CacheError) {
                var found: [TranslationCacheKey: CachedTranslation] = [:]
                for key in keys {
                    try database.select.bind(Self.columns(key, scope))
                    if try database.select.step(), let text = database.select.text(at: 0) {
                        found[key] = CachedTranslation(text: text, source: database.select.text(at: 1).flatMap(Language.init(code:)),
                                                       pivot: database.select.text(at: 2).flatMap(Language.init(code:)))
                    }
                }
                try database.select.bind([])
                return found
            } catch {
                handle(error, state: &state)
                return [:]
            }
        }
    }

    public func store(_ entries: [(TranslationCacheKey, CachedTranslation)], in scope: TranslationCacheScope) {
        guard !entries.isEmpty else { return }
        let now = String(Int(Date().timeIntervalSince1970))
        state.withLock { state in
            guard let database = state.database else { return }
            do throws(CacheError) {
                try database.connection.execute("BEGIN IMMEDIATE")
                do throws(CacheError) {
                    for (key, value) in entries {
                        try database.insert.run(Self.columns(key, scope) + [value.text, value.source?.code, value.pivot?.code, now])
                    }
                    try database.connection.execute("COMMIT")
                } catch {
                    try? database.connection.execute("ROLLBACK")
                    throw error
                }
            } catch {
                handle(error, state: &state)
            }
        }
    }

    /// Busy: the entries are lost, the cache stays on. Damaged: a new cache replaces it.
    /// Anything else: the cache is off for the rest of the run.
    private func handle(_ error: CacheError, state: inout State) {
        switch error {
        case .busy:
            if !state.warnedBusy { warn(.cacheNotSaved(problem: "\(error)", path: path)) }
            state.warnedBusy = true
        case .damaged(let reason):
            state.database = nil
            warn(Self.moveAside(path, reason: reason))
            do {
                state.database = try Self.open(path)
            } catch {
                warn(.cacheOff(problem: "\(error)", path: nil))
            }
        default:
            state.database = nil
            warn(.cacheOff(problem: "\(error)", path: path))
        }
    }

    private static func columns(_ key: TranslationCacheKey, _ scope: TranslationCacheScope) -> [String?] {
        [scope.engine, scope.endpoint, scope.options, key.source?.code ?? "auto", key.target.code, key.text]
    }

    // MARK: Opening

    private static func makeDirectory(_ directory: String) throws(CacheError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .cannotCreateDirectory(path: directory, reason: "it is not a directory") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotCreateDirectory(path: directory, reason: Self.reason(error))
        }
    }

    private static func open(_ path: String) throws(CacheError) -> OpenDatabase {
        // Create the file ourselves so that it is never readable by others, not even for a moment.
        let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        _ = fchmod(descriptor, 0o600)
        Glibc.close(descriptor)

        let connection = try SQLiteConnection(path: path)
        _ = try connection.text("PRAGMA journal_mode=WAL")
        try connection.execute("PRAGMA synchronous=NORMAL")
        let version = Int(try connection.text("PRAGMA user_version") ?? "0") ?? 0
        if version != schemaVersion {
            try connection.execute("BEGIN IMMEDIATE")
            do throws(CacheError) {
                // Read again under the write lock: another run may have just created the schema.
                let current = Int(try connection.text("PRAGMA user_version") ?? "0") ?? 0
                if current != schemaVersion {
                    try connection.execute("""
                        DROP TABLE IF EXISTS translations;
                        CREATE TABLE translations (
                            engine TEXT NOT NULL, endpoint TEXT NOT NULL, options TEXT NOT NULL,
                            source TEXT NOT NULL, target TEXT NOT NULL, text TEXT NOT NULL,
                            translation TEXT NOT NULL, detected TEXT, pivot TEXT, created INTEGER NOT NULL,
                            PRIMARY KEY (engine, endpoint, options, source, target, text)
                        ) WITHOUT ROWID;
                        PRAGMA user_version = \(schemaVersion);
                        """)
                }
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
        let select = try connection.prepare("""
            SELECT translation, detected, pivot FROM translations
            WHERE engine = ?1 AND endpoint = ?2 AND options = ?3 AND source = ?4 AND target = ?5 AND text = ?6
            """)
        let insert = try connection.prepare("""
            INSERT OR REPLACE INTO translations (engine, endpoint, options, source, target, text, translation, detected, pivot, created)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
            """)
        return OpenDatabase(connection: connection, select: select, insert: insert)
    }

    /// Renames a damaged database (and its journal files) out of the way; returns the warning.
    private static func moveAside(_ path: String, reason: String) -> EngineNotice {
        let aside = path + ".damaged"
        unlink(aside)
        let moved = rename(path, aside) == 0
        if !moved { unlink(path) }
        unlink(path + "-wal")
        unlink(path + "-shm")
        return .cacheReplaced(path: path, reason: reason, movedTo: moved ? aside : nil)
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
