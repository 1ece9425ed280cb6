import Testing
import TranslationEngines

/// `--cache-url` values.
@Suite struct RedisAddressTests {
    @Test func readsHostPortDatabaseAndCredentials() throws {
        #expect(try RedisAddress(parsing: "redis://cache.internal") == RedisAddress(host: "cache.internal"))
        #expect(try RedisAddress(parsing: "redis://10.0.0.5:6380/3") == RedisAddress(host: "10.0.0.5", port: 6380, database: 3))
        #expect(try RedisAddress(parsing: "REDIS://h:1/") == RedisAddress(host: "h", port: 1))
        #expect(try RedisAddress(parsing: "redis://[::1]:7000/2") == RedisAddress(host: "::1", port: 7000, database: 2))
        #expect(try RedisAddress(parsing: "redis://:p%40ss@h") == RedisAddress(host: "h", password: "p@ss"))
        #expect(try RedisAddress(parsing: "redis://ann:pw@h:9/1") == RedisAddress(host: "h", port: 9, database: 1, user: "ann", password: "pw"))
    }

    @Test func refusesWhatIsNotOne() {
        let cases: [(String, RedisAddress.ParseError)] = [
            ("http://h:6379", .notRedis), ("h:6379", .notRedis), ("redis://", .noHost), ("redis://:6379/0", .noHost),
            ("redis://h:0", .badPort), ("redis://h:65536", .badPort), ("redis://h:x", .badPort), ("redis://h:", .badPort),
            ("redis://h/-1", .badDatabase), ("redis://h/db", .badDatabase), ("redis://h/1/2", .badDatabase),
        ]
        for (text, expected) in cases {
            #expect(throws: expected, "\(text)") { try RedisAddress(parsing: text) }
        }
    }

    @Test func messagesNeverShowThePassword() throws {
        let address = try RedisAddress(parsing: "redis://ann:secret-pw@h:9/1")
        #expect(address.description == "redis://h:9/1")
        #expect(RedisAddress.redacted("redis://ann:secret-pw@h:x") == "redis://…@h:x")
        #expect(RedisAddress.redacted("redis://h:x") == "redis://h:x")
    }
}
