import ObjectGraph

/// One fetched object in the index: its object, number and the keys it is sorted by.
///
/// Besides the boxed `keys`, the entry holds its first two sort keys unboxed (``PackedKey``), so that the
/// entry order (``EntryOrder``) decides most comparisons on integers without
/// copying a `Value` or touching the key array.
final class ResultEntry {
    let object: ManagedObject
    let number: Int
    /// The sort-key values, in sort-descriptor order. Setting them (or one of them, in place) repacks the
    /// unboxed keys.
    @exclusivity(unchecked) var keys: [Value] {
        didSet { pack() }
    }
    @exclusivity(unchecked) var sectionName: String
    /// The first sort key, unboxed.
    @exclusivity(unchecked) private(set) var key0 = PackedKey.other
    /// The second sort key, unboxed.
    @exclusivity(unchecked) private(set) var key1 = PackedKey.other

    init(object: ManagedObject, keys: [Value], sectionName: String) {
        self.object = object
        self.number = object.objectID.number
        self.keys = keys
        self.sectionName = sectionName
        pack()
    }

    private func pack() {
        key0 = keys.count > 0 ? PackedKey(keys[0]) : .other
        key1 = keys.count > 1 ? PackedKey(keys[1]) : .other
    }
}

/// A sort key held unboxed for the entry order: an integer, a double that is not NaN, or the first 16
/// UTF-8 bytes of a string as two big-endian words; anything else is `.other` and compares through
/// `SortDescriptor.compareValues`.
///
/// Two packed keys of the same kind order exactly as `compareValues` orders their values (with `compare:`
/// for strings) whenever ``compare(_:_:plainStrings:)`` returns non-nil:
/// * two integers compare as `Int64`;
/// * two doubles that are not NaN compare as `Double`, except two zeros (`-0.0` sorts before `0.0`), which
///   are left to `compareValues`;
/// * two strings: UTF-8 byte order is Unicode scalar order (the `compare:` rule). The words hold the first
///   16 bytes, zero-padded; where they differ the first differing byte decides — a real byte against the
///   padding means the shorter string is a prefix of the longer, so it sorts first, as it must. Equal words
///   (same 16-byte prefix, or a string shorter than 16 bytes against the same bytes followed by NULs) are
///   left to the full comparison.
struct PackedKey {
    enum Kind: UInt8 { case integer, double, string, other }
    var kind: Kind
    var high: UInt64
    var low: UInt64

    static let other = PackedKey(kind: .other, high: 0, low: 0)

    init(kind: Kind, high: UInt64, low: UInt64) {
        self.kind = kind
        self.high = high
        self.low = low
    }

    init(_ value: Value) {
        switch value {
        case .integer(let i):
            self.init(kind: .integer, high: UInt64(bitPattern: i), low: 0)
        case .double(let d) where !d.isNaN:
            self.init(kind: .double, high: d.bitPattern, low: 0)
        case .string(let s):
            let (high, low) = SortDescriptor.utf8PrefixWords(s)
            self.init(kind: .string, high: high, low: low)
        default:
            self = .other
        }
    }

    /// The ascending order of two packed keys (-1, 0, 1) when they alone decide it; nil when the boxed
    /// values must be compared (different kinds, `.other`, two zeros, equal string prefixes, or strings
    /// under a comparator other than `compare:`).
    @inline(__always)
    static func compare(_ a: PackedKey, _ b: PackedKey, plainStrings: Bool) -> Int? {
        guard a.kind == b.kind else { return nil }
        switch a.kind {
        case .integer:
            let p = Int64(bitPattern: a.high), q = Int64(bitPattern: b.high)
            return p == q ? 0 : (p < q ? -1 : 1)
        case .double:
            let p = Double(bitPattern: a.high), q = Double(bitPattern: b.high)
            if p != q { return p < q ? -1 : 1 }
            return p == 0 ? nil : 0
        case .string:
            guard plainStrings else { return nil }
            if a.high != b.high { return a.high < b.high ? -1 : 1 }
            if a.low != b.low { return a.low < b.low ? -1 : 1 }
            return nil
        case .other:
            return nil
        }
    }
}

/// An element of the controller's tree: an entry, borrowed, with what the entry order reads most — its
/// first two sort keys unboxed — copied inline (48 bytes), so that a comparison reads the tree's own arrays
/// instead of following a pointer to the entry (the object number, the tie-breaker, is read from the entry:
/// only two equal keys need it).
///
/// The reference is `unowned(unsafe)`: the tree's arrays hold no reference counts (no retain or release
/// per comparison, a move is a `memmove`). The controller's `entries` table owns every entry while it is
/// in the tree (both are changed together in `install(sortedEntries:)`, `clear()` and
/// `applyIncrementally`). The copied keys are the entry's at the time the element was made: an entry's keys
/// change only while it is out of the tree (`applyIncrementally` removes it, sets the keys, inserts it).
struct EntryRef {
    unowned(unsafe) let entry: ResultEntry
    let high0: UInt64, low0: UInt64
    let high1: UInt64, low1: UInt64
    let kind0: PackedKey.Kind, kind1: PackedKey.Kind

    @inline(__always)
    init(_ entry: ResultEntry) {
        self.entry = entry
        let key0 = entry.key0, key1 = entry.key1
        (kind0, high0, low0) = (key0.kind, key0.high, key0.low)
        (kind1, high1, low1) = (key1.kind, key1.high, key1.low)
    }

    var key0: PackedKey { PackedKey(kind: kind0, high: high0, low: low0) }
    var key1: PackedKey { PackedKey(kind: kind1, high: high1, low: low1) }
    var number: Int { entry.number }
    var object: ManagedObject { entry.object }
    var keys: [Value] { entry.keys }
    var sectionName: String { entry.sectionName }
}

/// The entry order of a fetch request's sort descriptors, then the object number: the tree's
/// ``TreeOrder``, inlined into every walk. The first two keys are decided on their unboxed form
/// (``PackedKey``) when it can; otherwise, and for the other keys, the boxed values are read in place
/// (``FetchedResultsController/compareBoxed(_:_:from:_:_:_:)``).
struct EntryOrder: TreeOrder {
    let count: Int
    let plain0: Bool, plain1: Bool
    let ascending0: Bool, ascending1: Bool
    let comparators: [SortDescriptor.Comparator]
    let ascending: [Bool]
    let plain: [Bool]

    /// 64 elements of 48 bytes (3 KB) a leaf: an insertion or removal moves 1.5 KB on average.
    static var leafCapacity: Int { 64 }

    init(_ descriptors: [SortDescriptor]) {
        comparators = descriptors.map(\.comparator)
        ascending = descriptors.map(\.ascending)
        plain = comparators.map { $0 == .compare }
        count = comparators.count
        plain0 = count > 0 && plain[0]
        plain1 = count > 1 && plain[1]
        ascending0 = count > 0 && ascending[0]
        ascending1 = count > 1 && ascending[1]
    }

    @inline(__always)
    func areInIncreasingOrder(_ a: EntryRef, _ b: EntryRef) -> Bool {
        let m = count
        if m > 0, let r = PackedKey.compare(a.key0, b.key0, plainStrings: plain0) {
            if r != 0 { return (r < 0) == ascending0 }
            if m > 1, let r = PackedKey.compare(a.key1, b.key1, plainStrings: plain1) {
                if r != 0 { return (r < 0) == ascending1 }
                return m > 2 ? boxed(a, b, from: 2) : a.number < b.number
            }
            return m > 1 ? boxed(a, b, from: 1) : a.number < b.number
        }
        return boxed(a, b, from: 0)
    }

    @inline(never)
    func boxed(_ a: EntryRef, _ b: EntryRef, from start: Int) -> Bool {
        // An entry against itself (a walk that finds an element: `rank(of:)`, `remove(_:)`) is equal, without
        // reading its keys: the unboxed keys are equal whenever two strings share their first 16 bytes.
        if a.entry === b.entry { return false }
        return FetchedResultsController.compareBoxed(a.entry, b.entry, from: start, comparators, ascending, plain)
    }
}
