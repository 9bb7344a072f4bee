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
struct PredicateLexer {
    /// Words that cannot be keys unless escaped with `#`.
    static let reservedWords: Set<String> = [
        "AND", "OR", "NOT", "ANY", "SOME", "ALL", "NONE", "IN", "BETWEEN", "BEGINSWITH", "ENDSWITH",
        "CONTAINS", "LIKE", "MATCHES", "NIL", "NULL", "TRUE", "FALSE", "YES", "NO", "TRUEPREDICATE",
        "FALSEPREDICATE", "SELF", "CAST", "SUBQUERY",
    ]

    /// Whether a key must be escaped with `#` in a format string.
    static func isReservedWord(_ word: String) -> Bool { reservedWords.contains(word.uppercased()) }

    let chars: [Character]
    let format: String

    init(format: String) {
        self.format = format
        self.chars = Array(format)
    }

    /// The tokens, ending with `.end`.
    func tokenize() throws -> [PredicateToken] {
        var tokens: [PredicateToken] = []
        var i = 0
        while true {
            while i < chars.count, chars[i].isWhitespace { i += 1 }
            guard i < chars.count else {
                tokens.append(PredicateToken(kind: .end, position: chars.count, text: ""))
                return tokens
            }
            let start = i
            let c = chars[i]
            func token(_ kind: PredicateToken.Kind, length: Int) -> PredicateToken {
                i = start + length
                return PredicateToken(kind: kind, position: start, text: String(chars[start..<i]))
            }
            if c == "\"" || c == "'" {
                tokens.append(try lexString(from: start, end: &i))
            } else if c.isASCII, c.isNumber || (c == "." && peek(i + 1)?.isASCIINumber == true) {
                var j = i
                while j < chars.count, chars[j].isASCIINumber { j += 1 }
                if j < chars.count, chars[j] == ".", peek(j + 1)?.isASCIINumber == true {
                    j += 1
                    while j < chars.count, chars[j].isASCIINumber { j += 1 }
                }
                if j < chars.count, chars[j] == "e" || chars[j] == "E" {
                    var k = j + 1
                    if k < chars.count, chars[k] == "+" || chars[k] == "-" { k += 1 }
                    if k < chars.count, chars[k].isASCIINumber {
                        while k < chars.count, chars[k].isASCIINumber { k += 1 }
                        j = k
                    }
                }
                tokens.append(token(.number(String(chars[start..<j])), length: j - start))
            } else if c.isIdentifierStart || c == "@" || c == "#" {
                var j = i + 1
                while j < chars.count, chars[j].isIdentifierPart { j += 1 }
                let escaped = c == "#"
                let name = String(chars[(escaped ? start + 1 : start)..<j])
                guard !name.isEmpty, name != "@" else { throw syntaxError(at: start, near: String(c)) }
                tokens.append(token(.identifier(name, escaped: escaped), length: j - start))
            } else if c == "$" {
                var j = i + 1
                while j < chars.count, chars[j].isIdentifierPart { j += 1 }
                guard j > i + 1 else { throw syntaxError(at: start, near: "$") }
                tokens.append(token(.variable(String(chars[(start + 1)..<j])), length: j - start))
            } else if c == "%" {
                guard let conversion = peek(i + 1), "@Kdif".contains(conversion) else {
                    throw syntaxError(at: start, near: String(chars[start..<min(start + 2, chars.count)]))
                }
                tokens.append(token(.argument(conversion), length: 2))
            } else {
                let two = i + 1 < chars.count ? String(chars[i...(i + 1)]) : ""
                if ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||"].contains(two) {
                    tokens.append(token(.symbol(two), length: 2))
                } else if "=<>!(){}[],.-+".contains(c) {
                    tokens.append(token(.symbol(String(c)), length: 1))
                } else {
                    throw syntaxError(at: start, near: String(c))
                }
            }
        }
    }

    private func peek(_ i: Int) -> Character? { i < chars.count ? chars[i] : nil }

    private func lexString(from start: Int, end i: inout Int) throws -> PredicateToken {
        let quote = chars[start]
        var value = ""
        var j = start + 1
        while j < chars.count {
            let c = chars[j]
            if c == quote {
                i = j + 1
                return PredicateToken(kind: .string(value), position: start, text: String(chars[start..<i]))
            }
            if c == "\\" {
                j += 1
                guard j < chars.count else { break }
                switch chars[j] {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                case "0": value.append("\0")
                case "u":
                    let hex = chars[(j + 1)..<min(j + 5, chars.count)]
                    if hex.count == 4, let code = UInt32(String(hex), radix: 16), let scalar = Unicode.Scalar(code) {
                        value.unicodeScalars.append(scalar)
                        j += 4
                    } else {
                        value.append("u")
                    }
                default: value.append(chars[j])
                }
                j += 1
                continue
            }
            value.append(c)
            j += 1
        }
        throw syntaxError(at: chars.count, near: nil)
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
