/// An element of an XML document, as ``ModelXMLElement/parse(_:file:)`` reads it: its name, attributes in
/// document order, child elements, the text directly inside it, and the line it starts on.
///
/// The parser is small and strict (Xcode's model files and property lists need nothing more): it reads
/// UTF-8, the XML declaration, processing instructions, comments, a `DOCTYPE` (skipped), CDATA sections,
/// the five named entities and numeric character references. Anything malformed — a mismatched end tag,
/// an unquoted or duplicated attribute, an unknown entity, text after the root, elements nested more than
/// 100 levels deep — is an error naming the
/// file and line. Namespaces are not interpreted (a prefixed name is just a name).
///
/// ```swift
/// let root = try ModelXMLElement.parse(Array("<model><entity name=\"A\"/></model>".utf8), file: "contents")
/// root.children[0].attribute("name")   // "A"
/// ```
public struct ModelXMLElement: Sendable {
    /// The element name.
    public var name: String
    /// The attributes, in document order.
    public var attributes: [(name: String, value: String)]
    /// The child elements, in document order.
    public var children: [ModelXMLElement]
    /// The character data directly inside the element (entities decoded), concatenated.
    public var text: String
    /// The 1-based line of the element's `<`.
    public var line: Int

    /// The value of an attribute, if present.
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// Parses a whole document and returns its root element.
    /// - Throws: `.invalidModel` with `file:line: malformed XML: …`.
    public static func parse(_ bytes: [UInt8], file: String) throws -> ModelXMLElement {
        var parser = XMLParserState(bytes: bytes, file: file)
        return try parser.document()
    }
}

/// The cursor of ``ModelXMLElement/parse(_:file:)``.
private struct XMLParserState {
    let bytes: [UInt8]
    let file: String
    var position = 0
    var line = 1
    /// Elements open around the one being read: past ``maximumDepth`` the document is refused, so a
    /// hostile file cannot overflow the native stack of this recursive reader.
    var depth = 0
    /// The deepest nesting read; Xcode's model files nest 5 levels, property lists a few more.
    static let maximumDepth = 100

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    func error(_ message: String, line: Int? = nil) -> ObjectGraphError {
        ObjectGraphError(.invalidModel, "\(file):\(line ?? self.line): malformed XML: \(message)")
    }

    var atEnd: Bool { position >= bytes.count }

    func peek(_ s: String) -> Bool {
        let u = Array(s.utf8)
        return position + u.count <= bytes.count && bytes[position..<position + u.count].elementsEqual(u)
    }

    mutating func advance(_ n: Int = 1) {
        for _ in 0..<n where position < bytes.count {
            if bytes[position] == UInt8(ascii: "\n") { line += 1 }
            position += 1
        }
    }

    mutating func skipSpace() {
        while !atEnd, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { advance() }
    }

    /// Skips to just after `terminator`.
    mutating func skip(past terminator: String, what: String) throws {
        let start = line
        while !atEnd {
            if peek(terminator) {
                advance(terminator.utf8.count)
                return
            }
            advance()
        }
        throw error("\(what) is not closed (missing \(terminator))", line: start)
    }

    /// Comments, processing instructions and (before the root) a DOCTYPE.
    mutating func skipMisc(allowDoctype: Bool) throws {
        while true {
            skipSpace()
            if peek("<!--") {
                try skip(past: "-->", what: "a comment")
            } else if peek("<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if allowDoctype && peek("<!DOCTYPE") {
                var depth = 0
                let start = line
                while true {
                    guard !atEnd else { throw error("the DOCTYPE is not closed", line: start) }
                    let b = bytes[position]
                    advance()
                    if b == UInt8(ascii: "[") { depth += 1 } else if b == UInt8(ascii: "]") { depth -= 1 } else if b == UInt8(ascii: ">") && depth <= 0 { break }
                }
            } else {
                return
            }
        }
    }

    mutating func document() throws -> ModelXMLElement {
        try skipMisc(allowDoctype: true)
        guard !atEnd else { throw error("the document has no root element") }
        guard bytes[position] == UInt8(ascii: "<") else { throw error("text before the root element") }
        let root = try element()
        try skipMisc(allowDoctype: false)
        guard atEnd else { throw error("content after the root element </\(root.name)>") }
        return root
    }

    static func isNameByte(_ b: UInt8) -> Bool {
        b >= 0x80 || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b == UInt8(ascii: ":")
            || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }

    mutating func name(_ what: String) throws -> String {
        let start = position
        while !atEnd, Self.isNameByte(bytes[position]) { advance() }
        guard position > start else {
            let found = atEnd ? "the end of the file" : "'\(String(decoding: [bytes[position]], as: UTF8.self))'"
            throw error("\(what) expected, found \(found)")
        }
        let first = bytes[start]
        guard first >= 0x80 || !(first == UInt8(ascii: "-") || first == UInt8(ascii: ".") || (first >= 0x30 && first <= 0x39)) else {
            throw error("\(what) '\(String(decoding: bytes[start..<position], as: UTF8.self))' does not start with a letter")
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// An element starting at `<`.
    mutating func element() throws -> ModelXMLElement {
        let startLine = line
        guard depth < Self.maximumDepth else {
            throw error("elements are nested more than \(Self.maximumDepth) levels deep")
        }
        depth += 1
        defer { depth -= 1 }
        advance() // <
        let tag = try name("an element name")
        var node = ModelXMLElement(name: tag, attributes: [], children: [], text: "", line: startLine)
        while true {
            let hadSpace = !atEnd && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position])
            skipSpace()
            guard !atEnd else { throw error("<\(tag)> is not closed", line: startLine) }
            if peek("/>") {
                advance(2)
                return node
            }
            if peek(">") {
                advance()
                break
            }
            guard hadSpace else { throw error("a space is needed before an attribute of <\(tag)>") }
            let attributeName = try name("an attribute name")
            skipSpace()
            guard peek("=") else { throw error("attribute \(attributeName) of <\(tag)> has no value (= expected)") }
            advance()
            skipSpace()
            guard !atEnd, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
                throw error("the value of attribute \(attributeName) of <\(tag)> must be quoted")
            }
            let quote = bytes[position]
            advance()
            var raw: [UInt8] = []
            while true {
                guard !atEnd else { throw error("the value of attribute \(attributeName) of <\(tag)> is not closed") }
                let b = bytes[position]
                if b == quote { break }
                guard b != UInt8(ascii: "<") else { throw error("'<' in the value of attribute \(attributeName) of <\(tag)>") }
                raw.append(b)
                advance()
            }
            advance()
            guard node.attribute(attributeName) == nil else {
                throw error("attribute \(attributeName) appears twice in <\(tag)>")
            }
            node.attributes.append((attributeName, String(decoding: try decodeEntities(raw), as: UTF8.self)))
        }
        // Content.
        var text: [UInt8] = []
        while true {
            guard !atEnd else { throw error("<\(tag)> is not closed (missing </\(tag)>)", line: startLine) }
            if peek("</") {
                advance(2)
                let closing = try name("an element name")
                guard closing == tag else {
                    throw error("</\(closing)> does not close <\(tag)> (opened on line \(startLine))")
                }
                skipSpace()
                guard peek(">") else { throw error("'>' expected after </\(closing)") }
                advance()
                node.text = try String(decoding: decodeEntities(text), as: UTF8.self)
                return node
            } else if peek("<!--") {
                try skip(past: "-->", what: "a comment")
            } else if peek("<![CDATA[") {
                advance(9)
                let start = position
                try skip(past: "]]>", what: "a CDATA section")
                text += bytes[start..<position - 3].map { $0 == UInt8(ascii: "&") ? 0x01 : $0 }
            } else if peek("<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if peek("<") {
                node.children.append(try element())
            } else {
                text.append(bytes[position])
                advance()
            }
        }
    }

    /// Replaces entity and character references (0x01 stands for a literal `&` from a CDATA section).
    func decodeEntities(_ raw: [UInt8]) throws -> [UInt8] {
        guard raw.contains(UInt8(ascii: "&")) || raw.contains(0x01) else { return raw }
        var out: [UInt8] = []
        var i = 0
        while i < raw.count {
            let b = raw[i]
            if b == 0x01 {
                out.append(UInt8(ascii: "&"))
                i += 1
                continue
            }
            guard b == UInt8(ascii: "&") else {
                out.append(b)
                i += 1
                continue
            }
            guard let end = raw[i...].firstIndex(of: UInt8(ascii: ";")) else { throw error("'&' without a closing ';'") }
            let entity = String(decoding: raw[(i + 1)..<end], as: UTF8.self)
            switch entity {
            case "lt": out.append(UInt8(ascii: "<"))
            case "gt": out.append(UInt8(ascii: ">"))
            case "amp": out.append(UInt8(ascii: "&"))
            case "quot": out.append(UInt8(ascii: "\""))
            case "apos": out.append(UInt8(ascii: "'"))
            default:
                var scalar: UInt32?
                if entity.hasPrefix("#x") { scalar = UInt32(entity.dropFirst(2), radix: 16) } else if entity.hasPrefix("#") { scalar = UInt32(entity.dropFirst(), radix: 10) }
                guard let value = scalar, let u = Unicode.Scalar(value) else { throw error("unknown entity &\(entity);") }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            }
            i = end + 1
        }
        return out
    }
}
