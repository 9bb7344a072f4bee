/// An exact decimal number, the value of a `decimal` attribute (Core Data's `NSDecimalAttributeType`, held
/// as `NSDecimalNumber`): `significand × 10^exponent` with at most 38 significant digits, as Foundation's
/// `Decimal` holds it. Values are kept normalized (no trailing zero in the significand), so two equal
/// numbers are equal structures: `"0.10"` and `"0.1"` are the same value.
///
/// A double converts through its shortest round-trip text, so `DecimalValue(0.1)` is exactly 0.1, the value
/// written in the source, not the binary double's 0.1000000000000000055…
///
/// ```swift
/// DecimalValue(string: "0.10")!.description            // "0.1"
/// DecimalValue(string: "0.1") == DecimalValue(0.1)    // true
/// ```
public struct DecimalValue: Hashable, Comparable, CustomStringConvertible, Sendable {
    /// The significand, without trailing zero digits (0 for zero).
    public let significand: Int128
    /// The power of ten the significand is multiplied by (0 for zero).
    public let exponent: Int

    /// The most significant digits a value holds (Foundation's `Decimal`: 38).
    public static let maximumDigits = 38
    /// The exponent range of Foundation's `Decimal`.
    public static let exponentRange = -128...127

    /// A value from its parts, normalized; nil when it needs more than ``maximumDigits`` digits or its
    /// exponent leaves ``exponentRange``.
    public init?(significand: Int128, exponent: Int) {
        var s = significand, e = exponent
        if s == 0 {
            self.significand = 0
            self.exponent = 0
            return
        }
        while s % 10 == 0 {
            s /= 10
            e += 1
        }
        guard String(s.magnitude).count <= Self.maximumDigits else { return nil }
        guard Self.exponentRange.contains(e) else { return nil }
        self.significand = s
        self.exponent = e
    }

    /// An integer, exactly.
    public init(_ integer: Int64) {
        self.init(significand: Int128(integer), exponent: 0)!
    }

    /// A double as its shortest round-trip text gives it (`0.1` is exactly 0.1); nil for NaN and infinities.
    public init?(_ double: Double) {
        guard double.isFinite else { return nil }
        if double == 0 {
            self.init(significand: 0, exponent: 0)
            return
        }
        self.init(string: "\(double)")
    }

    /// Parses decimal text: an optional sign, digits with an optional decimal point, and an optional
    /// exponent (`"12.50"`, `"-.5"`, `"1e-3"`). No spaces, no `inf`/`nan`, no hexadecimal. Returns nil when
    /// the text is not a decimal number or needs more than 38 significant digits.
    public init?(string: String) {
        var bytes = Array(string.utf8)[...]
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var digits: [UInt8] = []
        var exponent = 0
        var sawDigit = false, sawPoint = false
        while let c = bytes.first {
            if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                sawDigit = true
                if !(digits.isEmpty && c == UInt8(ascii: "0")) { digits.append(c - UInt8(ascii: "0")) }
                if sawPoint { exponent -= 1 }
            } else if c == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                break
            }
            bytes = bytes.dropFirst()
        }
        guard sawDigit else { return nil }
        if let c = bytes.first, c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            var exponentNegative = false
            if let s = bytes.first, s == UInt8(ascii: "-") || s == UInt8(ascii: "+") {
                exponentNegative = s == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            guard !bytes.isEmpty, bytes.count <= 6,
                  bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
            let value = bytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            exponent += exponentNegative ? -value : value
            bytes = []
        }
        guard bytes.isEmpty else { return nil }
        // Trailing zeros move into the exponent, so only significant digits count against the limit.
        while let last = digits.last, last == 0 {
            digits.removeLast()
            exponent += 1
        }
        guard digits.count <= Self.maximumDigits else { return nil }
        var significand: Int128 = 0
        for d in digits { significand = significand * 10 + Int128(d) }
        self.init(significand: negative ? -significand : significand, exponent: digits.isEmpty ? 0 : exponent)
    }

    /// The value in plain decimal notation, as `NSDecimalNumber` prints it (`"0.1"`, `"-12.5"`, `"1000"`).
    public var description: String {
        if significand == 0 { return "0" }
        let digits = String(significand.magnitude)
        let sign = significand < 0 ? "-" : ""
        if exponent >= 0 { return sign + digits + String(repeating: "0", count: exponent) }
        let point = digits.count + exponent
        if point > 0 {
            return sign + digits.prefix(point) + "." + digits.dropFirst(point)
        }
        return sign + "0." + String(repeating: "0", count: -point) + digits
    }

    /// The nearest double.
    public var doubleValue: Double { Double(description) ?? .nan }

    /// The value as a 64-bit integer when it is a whole number in range.
    public var exactInteger: Int64? {
        guard exponent >= 0, exponent <= 18 else { return significand == 0 ? 0 : nil }
        var value = significand
        for _ in 0..<exponent {
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            value = product
        }
        return Int64(exactly: value)
    }

    /// The value as a double when converting that double back gives this value again (0.1, 12.5; not
    /// 0.10000000000000000001).
    public var exactDouble: Double? {
        let d = doubleValue
        return DecimalValue(d) == self ? d : nil
    }

    /// The numeric value of a number as a decimal: integers exactly, doubles by their shortest text,
    /// Booleans as 0 or 1; nil for anything else (and NaN, infinities).
    public init?(number value: Value) {
        switch value {
        case .decimal(let d): self = d
        case .integer(let i): self.init(i)
        case .double(let d): self.init(d)
        case .bool(let b): self.init(Int64(b ? 1 : 0))
        default: return nil
        }
    }

    /// A predicate operand compared with a decimal: a number as ``init(number:)`` takes it, or decimal text
    /// (`price == %@` with `"0.10000000000000000001"`).
    init?(operand value: Value) {
        if case .string(let s) = value { self.init(string: s) } else { self.init(number: value) }
    }

    /// Numeric order.
    public static func < (lhs: DecimalValue, rhs: DecimalValue) -> Bool {
        let a = lhs.significand.signum(), b = rhs.significand.signum()
        if a != b { return a < b }
        if a == 0 { return false }
        let smaller = magnitudeOrder(lhs, rhs)
        return a > 0 ? smaller < 0 : smaller > 0
    }

    /// -1, 0 or 1 as |lhs| is smaller than, equal to or larger than |rhs| (both non-zero).
    private static func magnitudeOrder(_ lhs: DecimalValue, _ rhs: DecimalValue) -> Int {
        let x = String(lhs.significand.magnitude), y = String(rhs.significand.magnitude)
        // The position of the leading digit decides; then the digits, left-aligned.
        let leadX = lhs.exponent + x.count, leadY = rhs.exponent + y.count
        if leadX != leadY { return leadX < leadY ? -1 : 1 }
        let width = max(x.count, y.count)
        let px = x + String(repeating: "0", count: width - x.count)
        let py = y + String(repeating: "0", count: width - y.count)
        return px == py ? 0 : (px < py ? -1 : 1)
    }
}
