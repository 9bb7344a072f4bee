/// A property list value (`NSString`, `NSNumber`, `NSData`, `NSDate`, `NSArray`, `NSDictionary`), as stored
/// in a SQLite store's metadata (`Z_METADATA.Z_PLIST`).
public indirect enum PropertyListValue: Equatable, Sendable, CustomStringConvertible {
    /// A string.
    case string(String)
    /// An integer (`NSNumber` of an integer).
    case integer(Int64)
    /// A floating-point number.
    case real(Double)
    /// A boolean.
    case bool(Bool)
    /// Bytes (`NSData`).
    case data([UInt8])
    /// A date, as seconds since 2001-01-01 00:00 UTC (how property lists store dates).
    case date(Double)
    /// An array.
    case array([PropertyListValue])
    /// A dictionary with string keys.
    case dictionary([String: PropertyListValue])

    /// A short, deterministic rendering (dictionary keys sorted; data as `<hex>`).
    public var description: String {
        switch self {
        case .string(let s): return "\"" + s + "\""
        case .integer(let i): return String(i)
        case .real(let d): return String(d)
        case .bool(let b): return b ? "true" : "false"
        case .data(let bytes): return "<" + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + ">"
        case .date(let d): return "date(\(d))"
        case .array(let items): return "(" + items.map(\.description).joined(separator: ", ") + ")"
        case .dictionary(let d):
            return "{" + d.keys.sorted().map { "\($0) = \(d[$0]!.description)" }.joined(separator: "; ") + "}"
        }
    }
}

/// Reads and writes Apple's binary property list format (`bplist00`), the format of a SQLite store's
/// metadata blob. Only what a store's metadata uses is supported: strings, integers, reals, booleans, data,
/// dates, arrays and dictionaries with string keys (no sets, no UIDs).
enum BinaryPropertyList {
    /// A malformed property list, with what is wrong.
    struct Malformed: Error { let reason: String }

    // MARK: - Writing

    /// The `bplist00` bytes of a value (dictionary keys in sorted order, so equal values give equal bytes).
    static func encode(_ root: PropertyListValue) -> [UInt8] {
        // Objects are numbered depth first; each container's children follow it.
        var objects: [PropertyListValue] = []
        var children: [[Int]] = []
        var keys: [[Int]] = []
        func add(_ value: PropertyListValue) -> Int {
            let index = objects.count
            objects.append(value)
            children.append([])
            keys.append([])
            switch value {
            case .array(let items):
                children[index] = items.map { add($0) }
            case .dictionary(let d):
                let sorted = d.keys.sorted()
                keys[index] = sorted.map { add(.string($0)) }
                children[index] = sorted.map { add(d[$0]!) }
            default:
                break
            }
            return index
        }
        _ = add(root)
        let refSize = byteCount(UInt64(objects.count))
        var out: [UInt8] = Array("bplist00".utf8)
        var offsets: [Int] = []
        for (index, value) in objects.enumerated() {
            offsets.append(out.count)
            switch value {
            case .bool(let b): out.append(b ? 0x09 : 0x08)
            case .integer(let i): appendInteger(i, to: &out)
            case .real(let d):
                out.append(0x23)
                appendBigEndian(d.bitPattern, size: 8, to: &out)
            case .date(let d):
                out.append(0x33)
                appendBigEndian(d.bitPattern, size: 8, to: &out)
            case .data(let bytes):
                appendMarker(0x40, count: bytes.count, to: &out)
                out += bytes
            case .string(let s):
                if s.utf8.allSatisfy({ $0 < 0x80 }) {
                    appendMarker(0x50, count: s.utf8.count, to: &out)
                    out += Array(s.utf8)
                } else {
                    let units = Array(s.utf16)
                    appendMarker(0x60, count: units.count, to: &out)
                    for unit in units { appendBigEndian(UInt64(unit), size: 2, to: &out) }
                }
            case .array:
                appendMarker(0xA0, count: children[index].count, to: &out)
                for ref in children[index] { appendBigEndian(UInt64(ref), size: refSize, to: &out) }
            case .dictionary:
                appendMarker(0xD0, count: children[index].count, to: &out)
                for ref in keys[index] + children[index] { appendBigEndian(UInt64(ref), size: refSize, to: &out) }
            }
        }
        let tableOffset = out.count
        let offsetSize = byteCount(UInt64(tableOffset))
        for offset in offsets { appendBigEndian(UInt64(offset), size: offsetSize, to: &out) }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)]
        appendBigEndian(UInt64(objects.count), size: 8, to: &out)
        appendBigEndian(0, size: 8, to: &out)
        appendBigEndian(UInt64(tableOffset), size: 8, to: &out)
        return out
    }

    private static func byteCount(_ largest: UInt64) -> Int {
        largest < 1 << 8 ? 1 : largest < 1 << 16 ? 2 : largest < 1 << 32 ? 4 : 8
    }

    private static func appendBigEndian(_ value: UInt64, size: Int, to out: inout [UInt8]) {
        for k in (0..<size).reversed() { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(k)))) }
    }

    private static func appendInteger(_ i: Int64, to out: inout [UInt8]) {
        // Non-negative values in the fewest of 1, 2, 4 bytes; negative ones (and large ones) in 8.
        if i >= 0 && i < 1 << 8 {
            out.append(0x10); appendBigEndian(UInt64(i), size: 1, to: &out)
        } else if i >= 0 && i < 1 << 16 {
            out.append(0x11); appendBigEndian(UInt64(i), size: 2, to: &out)
        } else if i >= 0 && i < 1 << 32 {
            out.append(0x12); appendBigEndian(UInt64(i), size: 4, to: &out)
        } else {
            out.append(0x13); appendBigEndian(UInt64(bitPattern: i), size: 8, to: &out)
        }
    }

    /// A marker byte with a count: in the low nibble when below 15, else nibble 0xF and an integer object.
    private static func appendMarker(_ marker: UInt8, count: Int, to out: inout [UInt8]) {
        if count < 15 {
            out.append(marker | UInt8(count))
        } else {
            out.append(marker | 0x0F)
            appendInteger(Int64(count), to: &out)
        }
    }

    // MARK: - Reading

    /// The value of `bplist00` bytes.
    /// - Throws: ``Malformed`` naming what is wrong (bad header or trailer, an offset or reference out of
    ///   range, an unsupported object, nesting deeper than 64).
    static func decode(_ bytes: [UInt8]) throws -> PropertyListValue {
        guard bytes.count >= 8, Array(bytes.prefix(8)) == Array("bplist00".utf8) else {
            throw Malformed(reason: "not a binary property list (no bplist00 header)")
        }
        guard bytes.count >= 8 + 32 else { throw Malformed(reason: "bad trailer") }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6]), refSize = Int(bytes[trailer + 7])
        let count = readUInt(bytes, trailer + 8, 8), top = readUInt(bytes, trailer + 16, 8)
        let tableOffset = readUInt(bytes, trailer + 24, 8)
        guard [1, 2, 4, 8].contains(offsetSize), [1, 2, 4, 8].contains(refSize), count > 0, top < count,
              tableOffset >= 8, tableOffset <= UInt64(trailer),
              count <= (UInt64(trailer) - tableOffset) / UInt64(offsetSize) else {
            throw Malformed(reason: "bad trailer")
        }
        var offsets: [Int] = []
        for k in 0..<Int(count) {
            let offset = readUInt(bytes, Int(tableOffset) + k * offsetSize, offsetSize)
            guard offset >= 8, offset < tableOffset else { throw Malformed(reason: "object offset out of range") }
            offsets.append(Int(offset))
        }
        let end = Int(tableOffset)
        func need(_ position: Int, _ length: Int) throws {
            guard length >= 0, position <= end, length <= end - position else {
                throw Malformed(reason: "object runs past the offset table")
            }
        }
        func length(_ marker: UInt8, at position: inout Int) throws -> Int {
            let low = Int(marker & 0x0F)
            if low != 0x0F { return low }
            try need(position, 1)
            let intMarker = bytes[position]
            guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else { throw Malformed(reason: "bad length") }
            let size = 1 << Int(intMarker & 0x0F)
            try need(position + 1, size)
            let value = readUInt(bytes, position + 1, size)
            position += 1 + size
            guard value <= UInt64(end) else { throw Malformed(reason: "length out of range") }
            return Int(value)
        }
        func object(_ ref: Int, depth: Int) throws -> PropertyListValue {
            guard depth < 64 else { throw Malformed(reason: "nested deeper than 64") }
            guard ref >= 0, ref < offsets.count else { throw Malformed(reason: "object reference out of range") }
            var position = offsets[ref]
            try need(position, 1)
            let marker = bytes[position]
            position += 1
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x08: return .bool(false)
                case 0x09: return .bool(true)
                default: throw Malformed(reason: "unsupported object 0x\(String(marker, radix: 16))")
                }
            case 0x1:
                guard marker & 0x0F <= 4 else { throw Malformed(reason: "bad integer") }
                let size = 1 << Int(marker & 0x0F)
                try need(position, size)
                // 16-byte integers keep their low 8 bytes.
                let bits = readUInt(bytes, position + max(0, size - 8), min(size, 8))
                return .integer(size >= 8 ? Int64(bitPattern: bits) : Int64(bits))
            case 0x2, 0x3:
                let size = 1 << Int(marker & 0x0F)
                guard size == 4 || size == 8, marker >> 4 == 0x2 || size == 8 else { throw Malformed(reason: "bad real") }
                try need(position, size)
                let bits = readUInt(bytes, position, size)
                let value = size == 4 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits)
                return marker >> 4 == 0x3 ? .date(value) : .real(value)
            case 0x4:
                let n = try length(marker, at: &position)
                try need(position, n)
                return .data(Array(bytes[position..<position + n]))
            case 0x5:
                let n = try length(marker, at: &position)
                try need(position, n)
                return .string(String(decoding: bytes[position..<position + n], as: UTF8.self))
            case 0x6:
                let n = try length(marker, at: &position)
                guard n <= end / 2 else { throw Malformed(reason: "string length out of range") }
                try need(position, 2 * n)
                let units = (0..<n).map { UInt16(readUInt(bytes, position + 2 * $0, 2)) }
                return .string(String(decoding: units, as: UTF16.self))
            case 0xA:
                let n = try length(marker, at: &position)
                guard n <= end / refSize else { throw Malformed(reason: "array length out of range") }
                try need(position, n * refSize)
                return .array(try (0..<n).map {
                    try object(Int(readUInt(bytes, position + $0 * refSize, refSize)), depth: depth + 1)
                })
            case 0xD:
                let n = try length(marker, at: &position)
                guard n <= end / (2 * refSize) else { throw Malformed(reason: "dictionary length out of range") }
                try need(position, 2 * n * refSize)
                var result: [String: PropertyListValue] = [:]
                for k in 0..<n {
                    let key = try object(Int(readUInt(bytes, position + k * refSize, refSize)), depth: depth + 1)
                    guard case .string(let name) = key else { throw Malformed(reason: "a dictionary key is not a string") }
                    result[name] = try object(Int(readUInt(bytes, position + (n + k) * refSize, refSize)), depth: depth + 1)
                }
                return .dictionary(result)
            default:
                throw Malformed(reason: "unsupported object 0x\(String(marker, radix: 16))")
            }
        }
        return try object(Int(top), depth: 0)
    }

    private static func readUInt(_ bytes: [UInt8], _ position: Int, _ size: Int) -> UInt64 {
        var value: UInt64 = 0
        for k in 0..<size where position + k < bytes.count { value = value << 8 | UInt64(bytes[position + k]) }
        return value
    }
}
