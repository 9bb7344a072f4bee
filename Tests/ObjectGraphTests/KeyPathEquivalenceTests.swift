@testable import ObjectGraph
import Testing
import SeededRandom

/// Key paths are read as bytes when they are all ASCII (session 5): `validateKeyPath` without splitting,
/// and `value(forKeyPath:)` refusing an over-long path after counting its dots. These tests drive the
/// byte path, the `Character`-split path and the split-per-key validation they replaced side by side and
/// require the same outcome and message.
@Suite struct KeyPathEquivalenceTests {
    let fixture: FetchingFixture
    init() throws { fixture = try FetchingFixture() }

    /// The outcome of a validation: nil when it passed, else the error's kind and message.
    static func outcome(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as ObjectGraphError {
            return "\(error.kind): \(error.message)"
        } catch {
            return "other: \(error)"
        }
    }

    static let pieces = ["orders", "customer", "name", "age", "total", "since", "@count", "@sum", "@avg", "@min",
                         "@max", "@foo", "@", "", "nope", "order", "ordersX", "Orders", "name ", " name", "#name",
                         "orders.customer", "customer.orders", "@sum.total", "\t", "1", "é", "@\u{301}count", "@é",
                         "\u{301}", "name\u{301}", ".\u{301}", "@sum\u{301}"]

    /// The validation before session 5, kept as the reference: the path split into `Character`-separated
    /// keys, a `String` and a look-up per key.
    static func referenceValidation(_ entity: EntityDescription, _ keyPath: String) throws {
        var current: EntityDescription? = entity
        for component in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            let key = String(component)
            if key.hasPrefix("@") {
                guard KeyPathEvaluator.collectionOperators.contains(key) else {
                    throw ObjectGraphError(.unknownKey,
                        "[<NSSet> valueForKeyPath:]: this class does not implement the \(key.dropFirst()) operation.")
                }
                if key == "@count" { return }
                continue
            }
            guard let here = current else { return }
            guard let slot = here.slots[key] else {
                throw ObjectGraphError(.unknownKey, "keypath \(keyPath) not found in entity \(entity.name)")
            }
            switch slot {
            case .attribute, .derived: current = nil
            case .relationship(let i):
                guard i < here.destinations.count else { return }
                current = here.destinations[i]
            }
        }
    }

    /// Same result through the byte path (ASCII paths cut at their dots), the `Character` split and the
    /// reference, from both entities.
    func expectSameValidation(_ path: String) {
        for entity in [fixture.customerEntity, fixture.orderEntity] {
            let reference = Self.outcome { try Self.referenceValidation(entity, path) }
            let split = Self.outcome { try entity.validateKeyPath(path, splittingCharacters: true) }
            #expect(split == reference, "\(entity.name) \(path) split")
            #expect(Self.outcome { try entity.validateKeyPath(path) } == reference, "\(entity.name) \(path)")
        }
    }

    @Test("validateKeyPath: random paths, the same errors through bytes and through split")
    func randomValidation() {
        var rng = SplitMix64(seed: 0x7A7)
        for _ in 0..<4_000 {
            let count = 1 + Int(rng.next() % 8)
            let path = (0..<count).map { _ in Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))] }
                .joined(separator: ".")
            expectSameValidation(path)
        }
        for path in ["", ".", "..", "orders.", ".orders", "orders..customer", "name.@count", "name.@foo",
                     "orders.@count.nope", "orders.@sum.nope", "@count", "orders.customer.orders.total.x",
                     "orders.customer.name.é", "orders.\u{301}customer", "orders.customer.\u{301}", "é.orders",
                     "@\u{301}", "orders.@\u{301}sum.total", "orders.@é", "orders.customer.orders.\u{301}.x"] {
            expectSameValidation(path)
        }
    }

    @Test("validateKeyPath: long self-referencing paths, repeated keys reuse the previous look-up")
    func longValidation() {
        let good = Array(repeating: "orders.customer", count: 5_000).joined(separator: ".") + ".name"
        expectSameValidation(good)
        #expect(Self.outcome { try fixture.customerEntity.validateKeyPath(good) } == nil)
        // An unknown key deep in the path, a key repeated on another entity, an operator at the end.
        for tail in ["nope", "orders", "customer.customer", "@max.total", "@foo", "name.x.y", "orders.@count"] {
            expectSameValidation(Array(repeating: "orders.customer", count: 300).joined(separator: ".") + "." + tail)
            expectSameValidation(Array(repeating: "orders", count: 3).joined(separator: ".") + "." + tail)
        }
        #expect(Self.outcome { try fixture.customerEntity.validateKeyPath("orders.orders") }
            == "unknownKey: keypath orders.orders not found in entity Customer")
    }

    /// The limit error as the split path words it, or nil under the limit.
    static func splitLimitMessage(_ path: String) -> String? {
        let count = path.split(separator: ".", omittingEmptySubsequences: false).count
        guard count > KeyPathEvaluator.maximumComponents else { return nil }
        return "limitExceeded: The key path '\(path.prefix(60))…' has \(count) keys; at most 100 are followed"
    }

    @Test("value(forKeyPath:): the limit counted from the bytes equals the split count, non-ASCII paths split")
    func valueLimit() throws {
        let ann = fixture.customer("Ann")
        fixture.order(1, customer: ann)
        for keys in [1, 2, 50, 99, 100, 101, 102, 150, 20_001] {
            for pattern in [["orders", "customer"], [""], ["x"]] {
                let path = ((0..<(keys - 1)).map { pattern[$0 % pattern.count] } + ["name"]).joined(separator: ".")
                let expected = Self.splitLimitMessage(path)
                let actual = Self.outcome { _ = try ann.value(forKeyPath: path) }
                if let expected { #expect(actual == expected, "\(keys) keys, \(pattern)") }
                else { #expect(actual?.hasPrefix("limitExceeded") != true, "\(keys) keys, \(pattern)") }
            }
        }
        // 100 dot bytes (101 keys by bytes), but one dot carries a combining mark: 100 keys by `Character`.
        let marked = Array(repeating: "orders.customer", count: 50).joined(separator: ".") + ".\u{301}name"
        #expect(marked.utf8.filter { $0 == UInt8(ascii: ".") }.count == 100)
        #expect(Self.splitLimitMessage(marked) == nil)
        #expect(Self.outcome { _ = try ann.value(forKeyPath: marked) }?.hasPrefix("unknownKey") == true)
        let markedLong = Array(repeating: "orders.customer", count: 60).joined(separator: ".") + ".\u{301}name"
        #expect(Self.outcome { _ = try ann.value(forKeyPath: markedLong) } == Self.splitLimitMessage(markedLong))
        #expect(KeyPathEvaluator.asciiComponentCount(marked) == nil)
        #expect(KeyPathEvaluator.asciiComponentCount("a..b") == 3)
        #expect(KeyPathEvaluator.asciiComponentCount("") == 1)
    }
}
