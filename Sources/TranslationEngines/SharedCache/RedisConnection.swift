internal import CHiredis
import Foundation

/// Why the shared cache could not be reached or did not answer as expected.
public enum RedisError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No connection: refused, unreachable, a name that does not resolve, or the connect timeout.
    case cannotConnect(String)
    /// The connection broke or a reply took longer than the command timeout.
    case io(String)
    /// The server answered with an error (`NOAUTH`, `WRONGPASS`, a read-only replica, …).
    case server(String)
    /// A reply of a kind the command never gives.
    case unexpectedReply(String)

    public var description: String {
        switch self {
        case .cannotConnect(let reason): "cannot connect: \(reason)"
        case .io(let reason): "no answer: \(reason)"
        case .server(let message): "the server said: \(message)"
        case .unexpectedReply(let command): "unexpected reply to \(command)"
        }
    }
}

/// A reply from Redis, copied out of hiredis's memory.
enum RedisReply: Equatable {
    case string([UInt8])
    case array([RedisReply])
    case integer(Int64)
    case null
    case status(String)
    case error(String)
}

/// One blocking connection to a Redis server (hiredis's `redisContext`), freed in `deinit`.
///
/// Not thread-safe: its owner uses it from one thread at a time (under a lock).
/// Connecting and every command are bounded by the timeouts given, so that a server that is
/// down or overloaded costs at most that long.
final class RedisConnection {
    private let context: UnsafeMutablePointer<redisContext>

    /// Connects, then authenticates and selects the database the address names.
    init(_ address: RedisAddress, connectTimeout: Double, commandTimeout: Double) throws(RedisError) {
        guard let context = redisConnectWithTimeout(address.host, Int32(address.port), Self.timeval(connectTimeout)) else {
            throw .cannotConnect("out of memory")
        }
        if context.pointee.err != 0 {
            let reason = String(cString: CHiredis_error_message(context))
            redisFree(context)
            throw .cannotConnect(reason)
        }
        self.context = context
        guard redisSetTimeout(context, Self.timeval(commandTimeout)) == REDIS_OK else {
            throw .cannotConnect(String(cString: CHiredis_error_message(context)))
        }
        if let password = address.password {
            try expectOK(command(["AUTH"] + (address.user.map { [$0] } ?? []) + [password]), "AUTH")
        }
        if address.database != 0 {
            try expectOK(command(["SELECT", String(address.database)]), "SELECT")
        }
    }

    deinit {
        redisFree(context)
    }

    /// Sends one command (its words as they are, binary-safe) and waits for the reply.
    /// An error reply is returned, not thrown; a broken connection or a timeout throws.
    func command(_ words: [String]) throws(RedisError) -> RedisReply {
        let buffers = words.map { Array($0.utf8) }
        var lengths = buffers.map(\.count)
        let total = lengths.reduce(0, +)
        // One block holds every word, so that all the pointers stay valid during the call.
        let storage = UnsafeMutablePointer<CChar>.allocate(capacity: max(total, 1))
        defer { storage.deallocate() }
        var pointers: [UnsafePointer<CChar>?] = []
        pointers.reserveCapacity(buffers.count)
        var offset = 0
        for buffer in buffers {
            buffer.withUnsafeBufferPointer { bytes in
                if let base = bytes.baseAddress {
                    UnsafeMutableRawPointer(storage + offset).copyMemory(from: base, byteCount: bytes.count)
                }
            }
            pointers.append(UnsafePointer(storage + offset))
            offset += buffer.count
        }
        let raw = pointers.withUnsafeMutableBufferPointer { argv in
            lengths.withUnsafeMutableBufferPointer { argvlen in
                redisCommandArgv(context, Int32(argv.count), argv.baseAddress, argvlen.baseAddress)
            }
        }
        guard let raw else {
            throw .io(context.pointee.err != 0 ? String(cString: CHiredis_error_message(context)) : "connection lost")
        }
        defer { freeReplyObject(raw) }
        return Self.copy(raw.assumingMemoryBound(to: redisReply.self))
    }

    private func expectOK(_ reply: RedisReply, _ name: String) throws(RedisError) {
        switch reply {
        case .status: return
        case .error(let message): throw .server(message)
        default: throw .unexpectedReply(name)
        }
    }

    private static func copy(_ reply: UnsafeMutablePointer<redisReply>) -> RedisReply {
        let value = reply.pointee
        func bytes() -> [UInt8] {
            guard let text = value.str else { return [] }
            return Array(UnsafeRawBufferPointer(start: text, count: value.len))
        }
        switch value.type {
        case REDIS_REPLY_STRING: return .string(bytes())
        case REDIS_REPLY_INTEGER: return .integer(value.integer)
        case REDIS_REPLY_STATUS: return .status(String(decoding: bytes(), as: UTF8.self))
        case REDIS_REPLY_ERROR: return .error(String(decoding: bytes(), as: UTF8.self))
        case REDIS_REPLY_ARRAY:
            var elements: [RedisReply] = []
            for index in 0..<value.elements {
                if let element = value.element[index] { elements.append(copy(element)) }
            }
            return .array(elements)
        default: return .null
        }
    }

    private static func timeval(_ seconds: Double) -> Glibc.timeval {
        let whole = seconds.rounded(.down)
        return Glibc.timeval(tv_sec: Int(whole), tv_usec: Int((seconds - whole) * 1_000_000))
    }
}
