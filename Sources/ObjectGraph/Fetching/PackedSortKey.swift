/// A sort key held unboxed: an integer, a double that is not NaN, or the first 16 UTF-8 bytes of a string
/// as two big-endian words; anything else is `.other` and compares through
/// ``SortDescriptor/compareValues(_:_:comparator:)``. A fetch's sort (``FetchRequest/sort(_:)``) and the
/// fetched-results controller's entry order decide most comparisons on it, without copying a ``Value``.
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
@frozen
public struct PackedSortKey {
    /// What the words hold.
    public enum Kind: UInt8 {
        /// `high` is the `Int64`'s bits.
        case integer
        /// `high` is the `Double`'s bits (never NaN).
        case double
        /// `high` and `low` are the first 16 UTF-8 bytes, big-endian, zero-padded.
        case string
        /// Anything else: compared boxed.
        case other
    }
    /// What `high` and `low` hold.
    public var kind: Kind
    /// The integer's or double's bits, or the string's first 8 bytes.
    public var high: UInt64
    /// The string's bytes 8 to 15.
    public var low: UInt64

    /// A key that compares boxed.
    public static let other = PackedSortKey(kind: .other, high: 0, low: 0)

    /// A key of its parts.
    @inlinable
    public init(kind: Kind, high: UInt64, low: UInt64) {
        self.kind = kind
        self.high = high
        self.low = low
    }

    /// The packed form of a value (`.other` for anything but an integer, a double that is not NaN, or a
    /// string).
    @inlinable
    public init(_ value: Value) {
        switch value {
        case .integer(let i):
            self.init(kind: .integer, high: UInt64(bitPattern: i), low: 0)
        case .double(let d) where !d.isNaN:
            self.init(kind: .double, high: d.bitPattern, low: 0)
        case .string(let s):
            var s = s       // withUTF8 is mutating; a native string is not copied
            let (high, low) = s.withUTF8 { bytes -> (UInt64, UInt64) in
                var high: UInt64 = 0, low: UInt64 = 0
                for i in 0..<8 { high = high << 8 | UInt64(i < bytes.count ? bytes[i] : 0) }
                for i in 8..<16 { low = low << 8 | UInt64(i < bytes.count ? bytes[i] : 0) }
                return (high, low)
            }
            self.init(kind: .string, high: high, low: low)
        default:
            self = .other
        }
    }

    /// The ascending order of two packed keys (-1, 0, 1) when they alone decide it; nil when the boxed
    /// values must be compared (different kinds, `.other`, two zeros, equal string prefixes, or strings
    /// under a comparator other than `compare:`, `plainStrings` false).
    @inlinable @inline(__always)
    public static func compare(_ a: PackedSortKey, _ b: PackedSortKey, plainStrings: Bool) -> Int? {
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
