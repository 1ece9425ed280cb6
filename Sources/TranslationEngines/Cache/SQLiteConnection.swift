internal import CSQLite
import Foundation
import TranslateModel

/// One open SQLite database: owns the `sqlite3` handle and closes it in `deinit`.
///
/// Not thread-safe by itself: it is opened with `SQLITE_OPEN_NOMUTEX`, and its owner
/// (`SQLiteTranslationCache`) serialises every use behind one lock.
final class SQLiteConnection {
    private let handle: OpaquePointer
    let path: String

    /// Opens (creating when missing) the database at `path`, waiting up to `busyTimeout`
    /// milliseconds whenever another connection holds a lock.
    init(path: String, busyTimeout: Int32 = 5000) throws(CacheError) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(handle)
            throw .cannotOpen(path: path, reason: message)
        }
        self.handle = handle
        self.path = path
        sqlite3_busy_timeout(handle, busyTimeout)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows of interest.
    func execute(_ sql: String) throws(CacheError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        try check(code)
    }

    /// Prepares a statement for repeated use.
    func prepare(_ sql: String) throws(CacheError) -> SQLiteStatement {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(handle, sql, -1, &statement, nil))
        guard let statement else { throw .sqlite(code: SQLITE_MISUSE, message: "empty statement") }
        return SQLiteStatement(statement, connection: self)
    }

    /// The first column of the first row of `sql`, as text.
    func text(_ sql: String) throws(CacheError) -> String? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.text(at: 0)
    }

    /// Turns a SQLite result code into a `CacheError` (success codes pass).
    func check(_ code: Int32) throws(CacheError) {
        switch code & 0xFF {
        case SQLITE_OK, SQLITE_ROW, SQLITE_DONE:
            return
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            throw .damaged(String(cString: sqlite3_errmsg(handle)))
        case SQLITE_BUSY, SQLITE_LOCKED:
            throw .busy
        default:
            throw .sqlite(code: code, message: String(cString: sqlite3_errmsg(handle)))
        }
    }
}

/// A prepared statement: owns the `sqlite3_stmt` and finalises it in `deinit`.
///
/// Keeps its connection alive; used under the same lock as the connection.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let connection: SQLiteConnection

    fileprivate init(_ handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `values` to the parameters ?1, ?2, … (nil binds NULL), after a reset.
    func bind(_ values: [String?]) throws(CacheError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            if let value {
                // With its length in bytes, so that a NUL inside the text does not end it.
                let code = value.utf8CString.withUnsafeBufferPointer {
                    sqlite3_bind_text(handle, index, $0.baseAddress, Int32($0.count - 1), CSQLite_transient())
                }
                try connection.check(code)
            } else {
                try connection.check(sqlite3_bind_null(handle, index))
            }
        }
    }

    /// Advances to the next row: true when there is one, false when the statement is done.
    func step() throws(CacheError) -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        // sqlite3_reset returns the same error with the proper message attached.
        let resetCode = sqlite3_reset(handle)
        try connection.check(resetCode != SQLITE_OK ? resetCode : code)
        return false
    }

    /// Column `index` of the current row, or nil when it is NULL.
    func text(at index: Int32) -> String? {
        guard sqlite3_column_type(handle, index) != SQLITE_NULL, let bytes = sqlite3_column_text(handle, index) else {
            return nil
        }
        // sqlite3_column_bytes after sqlite3_column_text: the length of the text just read.
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Runs the statement to the end, ignoring any rows.
    func run(_ values: [String?]) throws(CacheError) {
        try bind(values)
        while try step() {}
    }
}
