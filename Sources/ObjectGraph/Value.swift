#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value held by a managed object property, a predicate operand or a key-path result.
///
/// `Value` is the currency of the object graph: attribute storage, predicate evaluation,
/// sort comparison and key-value coding all speak it. Dates are seconds since 1970-01-01 UTC
/// (the Lua front end shows them as numbers); binary data is a byte array; a to-one relationship
/// is `.object`, a to-many relationship or an aggregate input is `.collection`.
///
/// ```swift
/// let v: Value = .string("Ann")
/// v.isNull            // false
/// ```
public enum Value {
    /// No value (`nil` / `NULL` / `NSNull`).
    case null
    /// A Boolean.
    case bool(Bool)
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A double-precision floating-point number.
    case double(Double)
    /// A string.
    case string(String)
    /// A date, as seconds since 1970-01-01 00:00:00 UTC.
    case date(Double)
    /// Binary data.
    case data([UInt8])
    /// A UUID, as its 16 bytes.
    case uuid(UUIDBytes)
    /// An exact decimal number (a `decimal` attribute's value).
    case decimal(DecimalValue)
    /// A value of the program the object graph does not look into (a transformable attribute's value).
    case boxed(BoxedValue)
    /// A managed object (the value of a to-one relationship).
    case object(ManagedObject)
    /// An unordered collection (the value of a to-many relationship, in deterministic order).
    case collection([Value])
}

/// The 16 bytes of a UUID, printed in the canonical 8-4-4-4-12 upper-case form.
public struct UUIDBytes: Hashable, Comparable, CustomStringConvertible, Sendable {
    /// The high 64 bits.
    public var high: UInt64
    /// The low 64 bits.
    public var low: UInt64

    /// Creates a UUID from its two halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Parses the canonical textual form (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`, any case).
    /// Returns nil when the text is not a UUID.
    public init?(string: String) {
        var digits: [UInt8] = []
        digits.reserveCapacity(32)
        var index = 0
        for byte in string.utf8 {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                index += 1
                continue
            }
            let nibble: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            digits.append(nibble)
            index += 1
        }
        guard index == 36, digits.count == 32 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        for i in 0..<16 { high = high << 4 | UInt64(digits[i]) }
        for i in 16..<32 { low = low << 4 | UInt64(digits[i]) }
        self.init(high: high, low: low)
    }

    /// The canonical upper-case textual form.
    public var description: String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for i in 0..<32 {
            if i == 8 || i == 12 || i == 16 || i == 20 { out.append(UInt8(ascii: "-")) }
            let word = i < 16 ? high : low
            let shift = UInt64((15 - (i % 16)) * 4)
            out.append(hex[Int((word >> shift) & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Orders UUIDs by their bytes.
    public static func < (lhs: UUIDBytes, rhs: UUIDBytes) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }
}

extension Value {
    /// True for `.null`.
    @inlinable public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value as a Double when it is numeric (integer, double, date or Boolean).
    public var numericValue: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .double(let d): return d
        case .date(let d): return d
        case .bool(let b): return b ? 1 : 0
        case .decimal(let d): return d.doubleValue
        default: return nil
        }
    }

    /// The managed object when the value is `.object`.
    public var objectValue: ManagedObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// The string when the value is `.string`.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The name of the Cocoa class that would hold this value, as Core Data's messages print it.
    public var cocoaTypeName: String {
        switch self {
        case .null: return "NSNull"
        case .bool: return "__NSCFBoolean"
        case .integer, .double: return "__NSCFNumber"
        case .string: return "__NSCFString"
        case .date: return "__NSTaggedDate"
        case .data: return "NSConcreteData"
        case .uuid: return "__NSConcreteUUID"
        case .decimal: return "NSDecimalNumber"
        case .boxed(let b): return b.cocoaTypeName
        case .object(let o): return o.entity.name
        case .collection: return "NSSet"
        }
    }
}

extension Value: Equatable {
    /// Value equality: numbers compare numerically across integer/double/Boolean, objects by identity.
    public static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.string(let a), .string(let b)): return a == b
        case (.date(let a), .date(let b)): return a == b
        case (.data(let a), .data(let b)): return a == b
        case (.uuid(let a), .uuid(let b)): return a == b
        case (.object(let a), .object(let b)): return a === b
        case (.collection(let a), .collection(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.boxed(let a), .boxed(let b)): return a === b
        case (.decimal, _), (_, .decimal):
            // Exactly: a double equals a decimal when its shortest text is that decimal.
            guard let a = DecimalValue(number: lhs), let b = DecimalValue(number: rhs) else { return false }
            return a == b
        default:
            if let a = lhs.numericNonDate, let b = rhs.numericNonDate { return a == b }
            return false
        }
    }

    private var numericNonDate: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .double(let d): return d
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }
}

extension Value: CustomStringConvertible {
    /// A short, deterministic rendering used in traces and messages: strings quoted, objects as `Entity#n`.
    public var description: String {
        switch self {
        case .null: return "nil"
        case .bool(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .double(let d): return Value.format(d)
        case .string(let s): return "\"" + s + "\""
        case .date(let d): return "date(" + Value.format(d) + ")"
        case .data(let bytes): return "<\(bytes.count) bytes>"
        case .uuid(let u): return u.description
        case .decimal(let d): return d.description
        case .boxed(let b): return b.description
        case .object(let o): return o.displayName
        case .collection(let items): return "{" + items.map(\.description).joined(separator: ", ") + "}"
        }
    }

    /// Formats a double the way Lua's `%.14g` does, so Swift and Lua print the same text.
    public static func format(_ d: Double) -> String {
        if d.isNaN { return d.sign == .minus ? "-nan" : "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        if d == d.rounded(), abs(d) < 1e15 {
            let i = Int64(d)
            return String(i) + ".0"
        }
        var s = "\(d)"
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }
}
