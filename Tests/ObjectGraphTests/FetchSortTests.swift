import SeededRandom
import Testing
@testable import ObjectGraph

/// `FetchRequest.sort(_:)` decides most comparisons on each object's first two keys as words
/// (`SortKeyColumn`), then on the boxed values: the order must be exactly that of the sort descriptors'
/// own `compare` (object by object, `compareValues`), ties in the given order, for every kind of value —
/// integers against doubles, `-0.0` against `0.0`, NaN, strings that share a 16-byte prefix or end in NULs,
/// nulls, booleans, dates, binary data — and every comparator and direction.
@Suite struct FetchSortTests {
    static let entity = EntityDescription(name: "Item", attributes: [
        AttributeDescription(name: "a", type: .string, isOptional: true),
        AttributeDescription(name: "b", type: .string, isOptional: true),
        AttributeDescription(name: "c", type: .string, isOptional: true),
    ])
    static let model = try! ManagedObjectModel(entities: [entity])

    /// Values that tie, nearly tie, or compare across kinds.
    static let pool: [Value] = {
        let prefix = String(repeating: "p", count: 16)
        return [
            .null, .integer(0), .integer(1), .integer(-1), .integer(2), .integer(Int64.max), .integer(Int64.min),
            .double(0), .double(-0.0), .double(2), .double(1.5), .double(-.infinity), .double(.infinity),
            .double(.nan), .double(-Double.nan), .double(-1e300), .bool(true), .bool(false), .date(1.5), .date(-0.0),
            .string(""), .string("a"), .string("a\0"), .string("a\0b"), .string("A"), .string("b"), .string("é"),
            .string("e\u{301}"), .string("item 10"), .string("item 9"), .string(prefix), .string(prefix + "a"),
            .string(prefix + "b"), .string(prefix + "\0"), .string("ÅÄÖ"), .string("x y"), .data([1, 2]), .data([]),
        ]
    }()

    /// What one column holds: one kind of value (what an attribute gives), or any mix.
    enum ColumnShape: CaseIterable { case integers, integersOrNull, doubles, numbersOrNull, strings, mixed }

    static func value(_ shape: ColumnShape, _ rng: inout SplitMix64) -> Value {
        switch shape {
        case .integers: return .integer(Int64(rng.next() % 7) - 3)
        case .integersOrNull:
            let extremes: [Value] = [.null, .integer(Int64.min), .integer(Int64.max), .integer(0)]
            return rng.next() % 3 == 0 ? extremes[Int(rng.next() % 4)] : .integer(Int64(rng.next() % 7) - 3)
        case .numbersOrNull:
            let numbers: [Value] = [.null, .bool(false), .bool(true), .date(-0.0), .date(1), .double(-.infinity), .double(0.5)]
            return numbers[Int(rng.next() % 7)]
        case .doubles:
            let specials: [Double] = [0, -0.0, .nan, 1.5, -2, .infinity]
            return rng.next() % 3 == 0 ? .double(specials[Int(rng.next() % 6)]) : .double(Double(rng.next() % 5) / 2)
        case .strings:
            let strings = pool.compactMap { if case .string = $0 { return $0 } else { return nil } }
            return rng.next() % 8 == 0 ? .null : strings[Int(rng.next() % UInt64(strings.count))]
        case .mixed: return pool[Int(rng.next() % UInt64(pool.count))]
        }
    }

    @Test("the sort orders as the descriptors' compare does, ties in the given order", arguments: 0..<60)
    func sameOrderAsCompare(seed: UInt64) throws {
        var rng = SplitMix64(seed: 1_300 + seed)
        let count = [2, 3, 17, 200, 900][Int(rng.next() % 5)]
        let shapes = (0..<3).map { _ in ColumnShape.allCases[Int(rng.next() % UInt64(ColumnShape.allCases.count))] }
        let objects = (0..<count).map { n -> ManagedObject in
            let o = ManagedObject(entity: Self.entity,
                                  objectID: ManagedObjectID(entityName: "Item", number: n + 1, isTemporaryID: true), context: nil)
            for k in 0..<3 { o.attributeValues[k] = Self.value(shapes[k], &rng) }
            return o
        }
        let comparators: [SortDescriptor.Comparator] = [.compare, .compare, .caseInsensitiveCompare, .localizedStandardCompare]
        let descriptors = (0..<(1 + Int(rng.next() % 3))).map { _ in
            SortDescriptor(key: ["a", "b", "c"][Int(rng.next() % 3)], ascending: rng.next() % 2 == 0,
                           comparator: comparators[Int(rng.next() % 4)])
        }
        let request = FetchRequest(entityName: "Item", sortDescriptors: descriptors)
        // The reference: a stable insertion sort by the request's own object comparison.
        var expected: [ManagedObject] = []
        for o in objects {
            var at = expected.count
            while at > 0, try request.compare(o, expected[at - 1]) == .orderedAscending { at -= 1 }
            expected.insert(o, at: at)
        }
        let sorted = try request.sort(objects)
        #expect(sorted.map(\.objectNumber) == expected.map(\.objectNumber), "seed \(seed) \(shapes) \(descriptors)")
    }
}
