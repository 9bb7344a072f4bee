/// A token of the predicate format language.
struct PredicateToken {
    enum Kind: Equatable {
        /// A key or keyword (`name`, `AND`, `@count`); `escaped` for `#key`.
        case identifier(String, escaped: Bool)
        /// A quoted string, unescaped.
        case string(String)
        /// An unsigned number, as written.
        case number(String)
        /// Punctuation or an operator: `==`, `(`, `[`, `&&`, `-`, …
        case symbol(String)
        /// `%@`, `%K`, `%d`, `%i`, `%f`: the conversion character.
        case argument(Character)
        /// `$NAME`.
        case variable(String)
        /// The end of the text.
        case end
    }

    var kind: Kind
    /// Offset of the first character, in characters.
    var position: Int
    /// The text as written.
    var text: String

    /// The identifier in upper case when the token is an unescaped identifier.
    var keyword: String? {
        if case .identifier(let s, false) = kind { return s.uppercased() }
        return nil
    }

    func isSymbol(_ s: String) -> Bool {
        if case .symbol(s) = kind { return true }
        return false
    }
}

/// Splits a predicate format string into tokens.
///
/// Positions count characters (grapheme clusters), as NSPredicate's messages do, and every test on a
/// character is Swift's `Character` test (`isWhitespace`, `isLetter`, `isNumber`, canonical equality). The
/// lexer reads the format's UTF-8 bytes: when every character is one ASCII byte (no CR, since `"\r\n"` is
/// one character) character *k* is byte *k*; otherwise it records where each character starts. A
/// character that is one ASCII byte is classified by a table built from those same `Character` tests;
/// any other one is made into a `Character` and tested as such, so both paths give the same tokens,
/// texts, positions and errors. A token's text is built once, from its bytes.
struct PredicateLexer {
    /// Words that cannot be keys unless escaped with `#`.
    static let reservedWords: Set<String> = [
        "AND", "OR", "NOT", "ANY", "SOME", "ALL", "NONE", "IN", "BETWEEN", "BEGINSWITH", "ENDSWITH",
        "CONTAINS", "LIKE", "MATCHES", "NIL", "NULL", "TRUE", "FALSE", "YES", "NO", "TRUEPREDICATE",
        "FALSEPREDICATE", "SELF", "CAST", "SUBQUERY",
    ]

    /// Whether a key must be escaped with `#` in a format string.
    static func isReservedWord(_ word: String) -> Bool { reservedWords.contains(word.uppercased()) }

    /// The operators of two characters.
    private static let twoCharacterSymbols: [String] = ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||"]

    /// Character classes of the lexer.
    private struct Classes: OptionSet {
        let rawValue: UInt8
        static let whitespace = Classes(rawValue: 1)
        /// `isASCII && isNumber`.
        static let asciiNumber = Classes(rawValue: 2)
        /// A letter or `_`.
        static let identifierStart = Classes(rawValue: 4)
        /// A letter, a number or `_`.
        static let identifierPart = Classes(rawValue: 8)
        /// One of `=<>!(){}[],.-+`.
        static let symbol = Classes(rawValue: 16)
        /// One of `@Kdif` (after `%`).
        static let conversion = Classes(rawValue: 32)

        /// The classes of a character, from `Character`'s own properties.
        init(of c: Character) {
            var classes: Classes = []
            if c.isWhitespace { classes.insert(.whitespace) }
            if c.isASCIINumber { classes.insert(.asciiNumber) }
            if c.isIdentifierStart { classes.insert(.identifierStart) }
            if c.isIdentifierPart { classes.insert(.identifierPart) }
            if "=<>!(){}[],.-+".contains(c) { classes.insert(.symbol) }
            if "@Kdif".contains(c) { classes.insert(.conversion) }
            self = classes
        }

        init(rawValue: UInt8) { self.rawValue = rawValue }
    }

    /// The classes of the 128 ASCII characters.
    private static let asciiClasses: [Classes] = (0..<128).map { Classes(of: Character(Unicode.Scalar(UInt8($0)))) }

    let format: String
    /// The format's UTF-8 bytes.
    private let bytes: [UInt8]
    /// Where each character starts in ``bytes``, then the end; empty when character *k* is byte *k*.
    private let starts: [Int]
    /// The characters, when ``starts`` is not empty.
    private let characters: [Character]
    /// The number of characters.
    let count: Int

    init(format: String) {
        self.format = format
        let bytes = Array(format.utf8)
        self.bytes = bytes
        if bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            starts = []
            characters = []
            count = bytes.count
        } else {
            characters = Array(format)
            var starts: [Int] = []
            starts.reserveCapacity(characters.count + 1)
            var offset = 0
            for c in characters {
                starts.append(offset)
                offset += c.utf8.count
            }
            starts.append(offset)
            self.starts = starts
            count = characters.count
        }
    }

    // MARK: Characters

    /// The byte where character `k` starts (`k` may be ``count``).
    @inline(__always) private func start(_ k: Int) -> Int { starts.isEmpty ? k : starts[k] }

    /// Character `k`'s byte when it is one ASCII byte, else nil.
    @inline(__always) private func ascii(_ k: Int) -> UInt8? {
        if starts.isEmpty { return bytes[k] }
        let s = starts[k]
        return starts[k + 1] == s + 1 ? bytes[s] : nil
    }

    /// Characters `from..<to` as written.
    func text(_ from: Int, _ to: Int) -> String {
        String(decoding: bytes[start(from)..<start(to)], as: UTF8.self)
    }

    /// Character `k`.
    private func character(_ k: Int) -> Character {
        starts.isEmpty ? Character(Unicode.Scalar(bytes[k])) : characters[k]
    }

    /// Whether character `k` is in one of `classes`.
    @inline(__always) private func isIn(_ k: Int, _ classes: Classes) -> Bool {
        if let b = ascii(k) { return !PredicateLexer.asciiClasses[Int(b)].isDisjoint(with: classes) }
        return !Classes(of: character(k)).isDisjoint(with: classes)
    }

    /// Whether character `k` exists and is in one of `classes`.
    @inline(__always) private func hasCharacter(_ k: Int, in classes: Classes) -> Bool { k < count && isIn(k, classes) }

    /// Whether character `k` equals the ASCII character `b` (as `Character`s compare).
    @inline(__always) private func isCharacter(_ k: Int, _ b: UInt8) -> Bool {
        if let a = ascii(k) { return a == b }
        return character(k) == Character(Unicode.Scalar(b))
    }

    /// Appends character `k`'s bytes.
    private func appendBytes(of k: Int, to value: inout [UInt8]) {
        if let b = ascii(k) { value.append(b) } else { value.append(contentsOf: bytes[start(k)..<start(k + 1)]) }
    }

    // MARK: Tokens

    /// The tokens, ending with `.end`.
    func tokenize() throws -> [PredicateToken] {
        var tokens: [PredicateToken] = []
        var i = 0
        while true {
            while i < count, isIn(i, .whitespace) { i += 1 }
            guard i < count else {
                tokens.append(PredicateToken(kind: .end, position: count, text: ""))
                return tokens
            }
            let start = i
            let c = ascii(i)
            // A character that is not one ASCII byte takes the same branches through `Character`'s tests.
            let other = c == nil ? character(i) : nil
            if isCharacter(i, 0x22) || isCharacter(i, 0x27) {
                tokens.append(try lexString(from: start, end: &i))
            } else if c.map({ PredicateLexer.asciiClasses[Int($0)].contains(.asciiNumber) || ($0 == 0x2E && hasCharacter(i + 1, in: .asciiNumber)) })
                        ?? (other!.isASCII && (other!.isNumber || (other! == "." && hasCharacter(i + 1, in: .asciiNumber)))) {
                var j = i
                while hasCharacter(j, in: .asciiNumber) { j += 1 }
                if j < count, isCharacter(j, 0x2E), hasCharacter(j + 1, in: .asciiNumber) {
                    j += 1
                    while hasCharacter(j, in: .asciiNumber) { j += 1 }
                }
                if j < count, isCharacter(j, 0x65) || isCharacter(j, 0x45) {
                    var k = j + 1
                    if k < count, isCharacter(k, 0x2B) || isCharacter(k, 0x2D) { k += 1 }
                    if hasCharacter(k, in: .asciiNumber) {
                        while hasCharacter(k, in: .asciiNumber) { k += 1 }
                        j = k
                    }
                }
                let text = text(start, j)
                tokens.append(PredicateToken(kind: .number(text), position: start, text: text))
                i = j
            } else if isIn(i, .identifierStart) || isCharacter(i, 0x40) || isCharacter(i, 0x23) {
                var j = i + 1
                while hasCharacter(j, in: .identifierPart) { j += 1 }
                let escaped = isCharacter(start, 0x23)
                let text = text(start, j)
                let name = escaped ? self.text(start + 1, j) : text
                guard !name.isEmpty, name != "@" else { throw syntaxError(at: start, near: self.text(start, start + 1)) }
                tokens.append(PredicateToken(kind: .identifier(name, escaped: escaped), position: start, text: text))
                i = j
            } else if isCharacter(i, 0x24) {
                var j = i + 1
                while hasCharacter(j, in: .identifierPart) { j += 1 }
                guard j > i + 1 else { throw syntaxError(at: start, near: "$") }
                tokens.append(PredicateToken(kind: .variable(text(start + 1, j)), position: start, text: text(start, j)))
                i = j
            } else if isCharacter(i, 0x25) {
                guard hasCharacter(i + 1, in: .conversion) else {
                    throw syntaxError(at: start, near: text(start, min(start + 2, count)))
                }
                tokens.append(PredicateToken(kind: .argument(character(i + 1)), position: start, text: text(start, start + 2)))
                i = start + 2
            } else {
                if i + 1 < count {
                    let two = text(i, i + 2)
                    if PredicateLexer.twoCharacterSymbols.contains(two) {
                        tokens.append(PredicateToken(kind: .symbol(two), position: start, text: two))
                        i = start + 2
                        continue
                    }
                }
                let one = text(i, i + 1)
                guard isIn(i, .symbol) else { throw syntaxError(at: start, near: one) }
                tokens.append(PredicateToken(kind: .symbol(one), position: start, text: one))
                i = start + 1
            }
        }
    }

    private func lexString(from start: Int, end i: inout Int) throws -> PredicateToken {
        // The quote, as the ASCII character it equals.
        let quote: UInt8 = isCharacter(start, 0x22) ? 0x22 : 0x27
        var value: [UInt8] = []
        var j = start + 1
        while j < count {
            if isCharacter(j, quote) {
                i = j + 1
                return PredicateToken(kind: .string(String(decoding: value, as: UTF8.self)), position: start, text: text(start, i))
            }
            if isCharacter(j, 0x5C) {
                j += 1
                guard j < count else { break }
                if isCharacter(j, 0x6E) {
                    value.append(0x0A)
                } else if isCharacter(j, 0x74) {
                    value.append(0x09)
                } else if isCharacter(j, 0x72) {
                    value.append(0x0D)
                } else if isCharacter(j, 0x30) {
                    value.append(0)
                } else if isCharacter(j, 0x75) {
                    let end = min(j + 5, count)
                    if end - (j + 1) == 4, let code = UInt32(text(j + 1, end), radix: 16), let scalar = Unicode.Scalar(code) {
                        value.append(contentsOf: String(scalar).utf8)
                        j += 4
                    } else {
                        value.append(0x75)
                    }
                } else {
                    appendBytes(of: j, to: &value)
                }
                j += 1
                continue
            }
            appendBytes(of: j, to: &value)
            j += 1
        }
        throw syntaxError(at: count, near: nil)
    }

    /// `Unable to parse the format string "…" (at position N, near 'token')`.
    func syntaxError(at position: Int, near token: String?) -> ObjectGraphError {
        ObjectGraphError(.predicateSyntax,
            "Unable to parse the format string \"\(format)\"" + PredicateLexer.locator(position, token))
    }

    static func locator(_ position: Int, _ token: String?) -> String {
        " (at position \(position), near " + (token.map { "'" + $0 + "'" } ?? "<end of string>") + ")"
    }
}

extension Character {
    var isASCIINumber: Bool { isASCII && isNumber }
    var isIdentifierStart: Bool { isLetter || self == "_" }
    var isIdentifierPart: Bool { isLetter || isNumber || self == "_" }
}
