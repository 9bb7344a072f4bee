@testable import ObjectGraph
import Testing

/// The binary property list reader and writer of a store's metadata.
@Suite struct BinaryPropertyListTests {
    /// `{NSPersistenceFrameworkVersion = 1244; NSStoreModelVersionHashes = {Customer = <00…1f>; Émile = <01>};
    /// NSStoreModelVersionHashesVersion = 3; NSStoreModelVersionIdentifiers = (""); NSStoreType = SQLite;
    /// _NSAutoVacuumLevel = 2; big = -5; long = "xxxxxxxxxxxxxxxxxxxx"; r = 2.5; t = true}` as written by another
    /// implementation (Python's plistlib: shared objects, UTF-16 keys).
    static let foreign = "62706c6973743030da0102030405060708090a0b0c11121415161718195f101d4e5350657273697374656e63654672616d65776f726b56657273696f6e5f10194e5353746f72654d6f64656c56657273696f6e4861736865735f10204e5353746f72654d6f64656c56657273696f6e48617368657356657273696f6e5f101e4e5353746f72654d6f64656c56657273696f6e4964656e746966696572735b4e5353746f7265547970655f10125f4e534175746f56616375756d4c6576656c53626967546c6f6e67517251741104dcd20d0e0f1058437573746f6d65726500c9006d0069006c00654f1020000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f41011003a113505653514c697465513213fffffffffffffffb5f10147878787878787878787878787878787878787878234004000000000000090008001d003d0059007c009d00a900be00c200c700c900cb00ce00d300dc00e7010a010c010e011001110118011a0123013a01430000000000000201000000000000001a00000000000000000000000000000144"

    static let foreignValue: PropertyListValue = .dictionary([
        "NSPersistenceFrameworkVersion": .integer(1244),
        "NSStoreModelVersionHashes": .dictionary(["Customer": .data(Array(0..<32)), "Émile": .data([1])]),
        "NSStoreModelVersionHashesVersion": .integer(3),
        "NSStoreModelVersionIdentifiers": .array([.string("")]),
        "NSStoreType": .string("SQLite"),
        "_NSAutoVacuumLevel": .string("2"),
        "big": .integer(-5), "long": .string(String(repeating: "x", count: 20)), "r": .real(2.5), "t": .bool(true),
    ])

    @Test("reads a property list another implementation wrote")
    func readsForeign() throws {
        #expect(try BinaryPropertyList.decode(hexBytes(Self.foreign)!) == Self.foreignValue)
    }

    @Test("what it writes reads back equal, for every kind of value and for more than 255 objects")
    func roundTrip() throws {
        let many = PropertyListValue.array((0..<300).map { .integer(Int64($0) * 1_000_003) })
        let values: [PropertyListValue] = [
            Self.foreignValue, many, .string("ünïcødé ✓ and a long ascii tail"), .data(Array(repeating: 7, count: 70_000)),
            .date(-1.5), .integer(Int64.min), .integer(Int64.max), .integer(65_536), .real(-0.0), .bool(false),
            .dictionary([:]), .array([]),
        ]
        for value in values {
            let bytes = BinaryPropertyList.encode(value)
            #expect(Array(bytes.prefix(8)) == Array("bplist00".utf8))
            #expect(try BinaryPropertyList.decode(bytes) == value, "\(value)")
        }
        // Equal dictionaries give equal bytes (keys are sorted).
        #expect(BinaryPropertyList.encode(Self.foreignValue) == BinaryPropertyList.encode(Self.foreignValue))
    }

    @Test("malformed input is refused with the reason, never read out of bounds")
    func malformed() throws {
        let good = BinaryPropertyList.encode(Self.foreignValue)
        func reason(_ bytes: [UInt8]) -> String? {
            do { _ = try BinaryPropertyList.decode(bytes); return nil } catch let e as BinaryPropertyList.Malformed { return e.reason } catch { return "\(error)" }
        }
        #expect(reason(Array("bplist01".utf8) + Array(good.dropFirst(8))) == "not a binary property list (no bplist00 header)")
        #expect(reason(Array(good.prefix(20))) == "bad trailer")
        // Every truncation and every single-byte change either reads or fails with a reason.
        for n in stride(from: 0, to: good.count, by: 7) { _ = reason(Array(good.prefix(n))) }
        for k in 0..<good.count {
            var bytes = good
            bytes[k] ^= 0xA5
            _ = reason(bytes)
        }
        // A container that contains itself is cut off by the depth limit.
        var cyclic: [UInt8] = Array("bplist00".utf8) + [0xA1, 0x00]
        let table = cyclic.count
        cyclic += [8]
        cyclic += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        #expect(reason(cyclic) == "nested deeper than 64")
    }

    @Test("SHA-256 of known messages")
    func sha256() {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }
        #expect(hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256.hash(Array(repeating: UInt8(ascii: "a"), count: 1000))) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}
