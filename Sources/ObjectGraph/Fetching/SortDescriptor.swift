/// A sort order on a key path (`NSSortDescriptor`).
///
/// ```swift
/// let byName = SortDescriptor(key: "name", comparator: .localizedStandardCompare)
/// let newestFirst = SortDescriptor(key: "since", ascending: false)
/// try byName.compare(ann, bob)    // .orderedAscending
/// ```
///
/// Values are read with ``ManagedObject/value(forKeyPath:)``, so the key may go through to-one
/// relationships (`customer.name`) and use collection operators (`orders.@count`).
///
/// ## Ordering rules (``compareValues(_:_:comparator:)``)
///
/// A total order, so that sorting is deterministic:
/// 1. nil sorts before any non-nil value in ascending order (as SQLite and Core Data do);
/// 2. numbers (integer, double, Boolean) and dates compare numerically with each other; NaN is ordered as
///    `CFNumberCompare` (hence `NSNumber`'s `compare:` and Core Data's in-memory sorts) orders it: equal to
///    NaN, after every negative number and `-0.0`, before `0.0` and every positive number — which makes
///    `-0.0` sort before `0.0` as well, so that the order stays total;
/// 3. strings compare with the comparator (the sort descriptor's selector): `.compare` by Unicode scalar
///    value; `.caseInsensitiveCompare` after Unicode full case folding; `.localizedCompare`,
///    `.localizedCaseInsensitiveCompare` and `.localizedStandardCompare` with ICU's collator of the root
///    locale (the simulator does not follow the machine's locale) — the last one case-insensitive with
///    digit runs compared by numeric value (`"File2" < "File10"`); localized ties are broken by `.compare`;
/// 4. values of different kinds order by kind: nil, numbers and dates, strings, data, UUIDs, objects,
///    collections; objects by entity name then object number, collections element by element.
///
/// ## Topics
///
/// - ``init(key:ascending:comparator:)``, ``compare(_:_:)``, ``compareValues(_:_:comparator:)``
public struct SortDescriptor: CustomStringConvertible, Sendable, Hashable {
    /// How two strings are compared (the selector of an `NSSortDescriptor`).
    public enum Comparator: String, Sendable, Hashable {
        /// `compare:`: Unicode scalar order.
        case compare
        /// `caseInsensitiveCompare:`: Unicode scalar order after full case folding.
        case caseInsensitiveCompare
        /// `localizedStandardCompare:`: Finder order, case-insensitive, numbers by value.
        case localizedStandardCompare
        /// `localizedCompare:`: the collation order (accents and case count).
        case localizedCompare
        /// `localizedCaseInsensitiveCompare:`: the collation order, case ignored.
        case localizedCaseInsensitiveCompare

        /// The comparator of a selector name, with or without its colon (`"localizedStandardCompare:"`).
        public init?(selector: String) {
            self.init(rawValue: selector.hasSuffix(":") ? String(selector.dropLast()) : selector)
        }
    }

    /// The key path whose values are compared.
    public var key: String
    /// Whether smaller values come first.
    public var ascending: Bool
    /// How strings are compared.
    public var comparator: Comparator

    /// Creates a sort descriptor.
    ///
    /// ```swift
    /// SortDescriptor(key: "customer.name", ascending: false, comparator: .caseInsensitiveCompare)
    /// ```
    public init(key: String, ascending: Bool = true, comparator: Comparator = .compare) {
        self.key = key
        self.ascending = ascending
        self.comparator = comparator
    }

    /// The same descriptor in the opposite direction (`reversedSortDescriptor`).
    public var reversedSortDescriptor: SortDescriptor {
        SortDescriptor(key: key, ascending: !ascending, comparator: comparator)
    }

    /// `(name, ascending, compare:)`, as `NSSortDescriptor` prints itself.
    public var description: String {
        "(\(key), \(ascending ? "ascending" : "descending"), \(comparator.rawValue):)"
    }

    /// Compares two objects by the value at ``key``, honouring ``ascending`` (`compareObject:toObject:`).
    ///
    /// - Returns: `.orderedAscending` when `a` comes first in the sorted order.
    /// - Throws: `.unknownKey` when the key path does not exist on an object's entity.
    public func compare(_ a: ManagedObject, _ b: ManagedObject) throws -> ComparisonResult {
        let result = SortDescriptor.compareValues(try a.value(forKeyPath: key), try b.value(forKeyPath: key),
                                                  comparator: comparator)
        return ascending ? result : result.reversed
    }

    /// Compares two values with the sort rules, in ascending order.
    ///
    /// ```swift
    /// SortDescriptor.compareValues(.null, .integer(0))                         // .orderedAscending
    /// SortDescriptor.compareValues(.string("File10"), .string("file2"),
    ///                              comparator: .localizedStandardCompare)      // .orderedDescending
    /// ```
    public static func compareValues(_ a: Value, _ b: Value, comparator: Comparator = .compare) -> ComparisonResult {
        let rankA = rank(a), rankB = rank(b)
        if rankA != rankB { return .of(rankA, rankB) }
        switch (a, b) {
        case (.null, .null): return .orderedSame
        case (.string(let x), .string(let y)): return compareStrings(x, y, comparator: comparator)
        case (.integer(let x), .integer(let y)): return .of(x, y)
        case (.data(let x), .data(let y)): return ValueComparison.compareSequences(x, y)
        case (.uuid(let x), .uuid(let y)): return .of(x, y)
        case (.decimal, _), (_, .decimal):
            if let x = DecimalValue(number: a), let y = DecimalValue(number: b) { return .of(x, y) }
            return compareNumbers(a.numericValue ?? 0, b.numericValue ?? 0)
        case (.object(let x), .object(let y)):
            if x === y { return .orderedSame }
            let byEntity = ComparisonResult.of(x.entity.name, y.entity.name)
            return byEntity != .orderedSame ? byEntity : .of(x.number, y.number)
        case (.collection(let x), .collection(let y)):
            for (u, v) in zip(x, y) {
                let r = compareValues(u, v, comparator: comparator)
                if r != .orderedSame { return r }
            }
            return .of(x.count, y.count)
        default:
            return compareNumbers(a.numericValue ?? 0, b.numericValue ?? 0)
        }
    }

    /// The order of two numbers as `CFNumberCompare` gives it: a total order in which NaN equals NaN and
    /// sits between the negative numbers (with `-0.0`) and the positive ones (with `0.0`).
    public static func compareNumbers(_ x: Double, _ y: Double) -> ComparisonResult {
        switch (x.isNaN, y.isNaN) {
        case (true, true): return .orderedSame
        case (true, false): return y.sign == .minus ? .orderedDescending : .orderedAscending
        case (false, true): return x.sign == .minus ? .orderedAscending : .orderedDescending
        case (false, false):
            if x == 0, y == 0, x.sign != y.sign { return x.sign == .minus ? .orderedAscending : .orderedDescending }
            return .of(x, y)
        }
    }

    private static func rank(_ v: Value) -> Int {
        switch v {
        case .null: return 0
        case .bool, .integer, .double, .date, .decimal: return 1
        case .string: return 2
        case .data: return 3
        case .uuid: return 4
        case .object: return 5
        case .collection: return 6
        case .boxed: return 7
        }
    }

    /// Compares two strings with a comparator.
    public static func compareStrings(_ a: String, _ b: String, comparator: Comparator) -> ComparisonResult {
        switch comparator {
        case .compare:
            return compareUTF8(a, b)
        case .caseInsensitiveCompare:
            return ValueComparison.compareScalars(StringFolding.fold(a, .caseInsensitive),
                                                  StringFolding.fold(b, .caseInsensitive))
        case .localizedStandardCompare:
            let r = UnicodeText.standardCollator?.compare(a, b)
                ?? compareNumerically(StringFolding.fold(a, .caseInsensitive), StringFolding.fold(b, .caseInsensitive))
            return r != .orderedSame ? r : compareStrings(a, b, comparator: .compare)
        case .localizedCompare:
            let r = UnicodeText.localizedCollator?.compare(a, b) ?? .orderedSame
            return r != .orderedSame ? r : compareStrings(a, b, comparator: .compare)
        case .localizedCaseInsensitiveCompare:
            let r = UnicodeText.caseInsensitiveCollator?.compare(a, b)
                ?? compareStrings(a, b, comparator: .caseInsensitiveCompare)
            return r != .orderedSame ? r : compareStrings(a, b, comparator: .compare)
        }
    }

    /// Unicode scalar order without copying: for well-formed UTF-8 (every Swift `String`), byte order is
    /// scalar order, so the bytes compare directly, in place (small strings are read from the stack).
    @inline(__always)
    static func compareUTF8(_ a: String, _ b: String) -> ComparisonResult {
        let r = compareUTF8Bytes(a, b)
        return r < 0 ? .orderedAscending : (r > 0 ? .orderedDescending : .orderedSame)
    }

    /// The order of two strings' UTF-8 bytes (-1, 0, 1), read in place: the `compare:` order of
    /// ``compareStrings(_:_:comparator:)`` without a `ComparisonResult`, for callers that inline it.
    @inlinable
    public static func compareUTF8Bytes(_ a: String, _ b: String) -> Int {
        var a = a, b = b        // withUTF8 is mutating; native strings are not copied
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let n = Swift.min(x.count, y.count)
                var i = 0
                while i < n {
                    let p = x[i], q = y[i]
                    if p != q { return p < q ? -1 : 1 }
                    i += 1
                }
                return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
            }
        }
    }

    /// The first 16 UTF-8 bytes of a string as two big-endian words, zero-padded: where two strings' words
    /// differ, their order is the `compare:` order (UTF-8 byte order is Unicode scalar order, and a real
    /// byte against the padding means the shorter string is a prefix of the longer one). The sort keys of
    /// a fetch and of a fetched-results controller are made of them.
    @inlinable
    public static func utf8PrefixWords(_ s: String) -> (high: UInt64, low: UInt64) {
        var s = s       // withUTF8 is mutating; a native string is not copied
        return s.withUTF8 { bytes in
            var high: UInt64 = 0, low: UInt64 = 0
            for i in 0..<8 { high = high << 8 | UInt64(i < bytes.count ? bytes[i] : 0) }
            for i in 8..<16 { low = low << 8 | UInt64(i < bytes.count ? bytes[i] : 0) }
            return (high, low)
        }
    }

    /// Scalar order, except that runs of decimal digits compare by numeric value.
    private static func compareNumerically(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> ComparisonResult {
        func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 0x30 && s.value <= 0x39 }
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if isDigit(a[i]), isDigit(b[j]) {
                var ei = i, ej = j
                while ei < a.count, isDigit(a[ei]) { ei += 1 }
                while ej < b.count, isDigit(b[ej]) { ej += 1 }
                var si = i, sj = j
                while si < ei - 1, a[si] == "0" { si += 1 }
                while sj < ej - 1, b[sj] == "0" { sj += 1 }
                if ei - si != ej - sj { return .of(ei - si, ej - sj) }
                let r = ValueComparison.compareScalars(Array(a[si..<ei]), Array(b[sj..<ej]))
                if r != .orderedSame { return r }
                i = ei
                j = ej
            } else {
                if a[i] != b[j] { return .of(a[i].value, b[j].value) }
                i += 1
                j += 1
            }
        }
        return .of(a.count - i, b.count - j)
    }
}
