@testable import FetchedResults
import ObjectGraph
import Testing

/// The controller's entry order compares integers, `compare:` strings and doubles inline; it must order
/// exactly as `SortDescriptor.compareValues` (NaN, the sign of zero, mixed types, non-ASCII strings, other
/// comparators), ascending and descending, with the object number as the tie-breaker.
@Suite struct EntryOrderTests {
    static let values: [Value] = [
        .null, .integer(-3), .integer(0), .integer(7), .double(-0.0), .double(0.0), .double(.nan), .double(-2.5),
        .double(7), .double(.infinity), .bool(true), .string(""), .string("a"), .string("B"), .string("ab"),
        .string("é"), .string("e\u{301}"), .string("z"), .string("𝔸"), .string("item 0000012"),
        .string("a much longer string that is stored on the heap"),
        // Unboxed keys (`PackedKey`): 16-byte prefixes that tie, NULs against the zero padding, extremes.
        .string("a much longer string that is stored elsewhere"), .string("item 00000120"), .string("item 0000012\u{0}"),
        .string("a\u{0}"), .string("a\u{0}\u{0}b"), .string("0123456789abcdef"), .string("0123456789abcdef\u{0}"),
        .string("0123456789abcdeg"), .string("\u{FFFF}"), .string("\u{10FFFF}"),
        .integer(.min), .integer(.max), .double(-.infinity), .double(.leastNonzeroMagnitude),
        .double(-.leastNonzeroMagnitude), .date(0), .date(-1), .bool(false),
    ]

    @Test("inline comparisons order as compareValues", arguments: [
        SortDescriptor.Comparator.compare, .caseInsensitiveCompare,
    ], [true, false])
    func inlineMatchesCompareValues(_ comparator: SortDescriptor.Comparator, _ ascending: Bool) throws {
        let context = try makeContext()
        let controller = try FetchedResultsController(
            fetchRequest: FetchRequest(entityName: "Customer", sortDescriptors: [
                SortDescriptor(key: "name", ascending: ascending, comparator: comparator),
                SortDescriptor(key: "age", ascending: !ascending),
            ]),
            managedObjectContext: context)
        let order = controller.makeOrder()
        let a = try insert(context, "a"), b = try insert(context, "b")
        func expected(_ x: [Value], _ nx: Int, _ y: [Value], _ ny: Int) -> Bool {
            for (i, (u, v)) in zip(x, y).enumerated() {
                let r = SortDescriptor.compareValues(u, v, comparator: i == 0 ? comparator : .compare)
                if r != .orderedSame { return (r == .orderedAscending) == (i == 0 ? ascending : !ascending) }
            }
            return nx < ny
        }
        for u in Self.values {
            for v in Self.values {
                for w in [Value.integer(1), .double(.nan)] {
                    let x = ResultEntry(object: a, keys: [u, w], sectionName: "")
                    let y = ResultEntry(object: b, keys: [v, .integer(1)], sectionName: "")
                    #expect(order(x, y) == expected(x.keys, x.number, y.keys, y.number), "\(u) vs \(v), \(w)")
                    #expect(order(y, x) == expected(y.keys, y.number, x.keys, x.number), "\(v) vs \(u), \(w)")
                }
            }
        }
    }

    @Test("three keys: the third compares on the boxed values")
    func threeKeys() throws {
        let context = try makeContext()
        let controller = try FetchedResultsController(
            fetchRequest: FetchRequest(entityName: "Customer", sortDescriptors: [
                SortDescriptor(key: "age"), SortDescriptor(key: "name", ascending: false), SortDescriptor(key: "active"),
            ]),
            managedObjectContext: context)
        let order = controller.makeOrder()
        let a = try insert(context, "a"), b = try insert(context, "b")
        let small: [Value] = [.null, .integer(1), .double(1), .string("x"), .string("y"), .double(.nan), .double(-0.0), .double(0)]
        for u in small {
            for v in small {
                for w in small {
                    let x = ResultEntry(object: a, keys: [.integer(1), .string("k"), u], sectionName: "")
                    let y = ResultEntry(object: b, keys: [.integer(1), .string("k"), v], sectionName: "")
                    let r = SortDescriptor.compareValues(u, v)
                    let expected = r == .orderedSame ? x.number < y.number : r == .orderedAscending
                    #expect(order(x, y) == expected, "\(u) vs \(v)")
                    let z = ResultEntry(object: b, keys: [w, v, u], sectionName: "")
                    let zz = ResultEntry(object: a, keys: [v, w, u], sectionName: "")
                    // (age ascending, name descending, then the object number: b after a).
                    let r0 = SortDescriptor.compareValues(w, v), r1 = SortDescriptor.compareValues(v, w)
                    let before = r0 != .orderedSame ? r0 == .orderedAscending : r1 == .orderedDescending
                    #expect(order(z, zz) == before, "\(w),\(v) vs \(v),\(w)")
                }
            }
        }
    }
}
