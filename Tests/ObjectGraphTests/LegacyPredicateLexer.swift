@testable import ObjectGraph

/// The predicate lexer as it was before it read UTF-8 bytes (session 4), on `[Character]`: the reference
/// `PredicateLexerEquivalenceTests` holds the product's lexer to.
struct LegacyPredicateLexer {
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
            } else if c.isASCII, c.isNumber || (c == "." && peek(i + 1)?.legacyIsASCIINumber == true) {
                var j = i
                while j < chars.count, chars[j].legacyIsASCIINumber { j += 1 }
                if j < chars.count, chars[j] == ".", peek(j + 1)?.legacyIsASCIINumber == true {
                    j += 1
                    while j < chars.count, chars[j].legacyIsASCIINumber { j += 1 }
                }
                if j < chars.count, chars[j] == "e" || chars[j] == "E" {
                    var k = j + 1
                    if k < chars.count, chars[k] == "+" || chars[k] == "-" { k += 1 }
                    if k < chars.count, chars[k].legacyIsASCIINumber {
                        while k < chars.count, chars[k].legacyIsASCIINumber { k += 1 }
                        j = k
                    }
                }
                tokens.append(token(.number(String(chars[start..<j])), length: j - start))
            } else if c.legacyIsIdentifierStart || c == "@" || c == "#" {
                var j = i + 1
                while j < chars.count, chars[j].legacyIsIdentifierPart { j += 1 }
                let escaped = c == "#"
                let name = String(chars[(escaped ? start + 1 : start)..<j])
                guard !name.isEmpty, name != "@" else { throw PredicateLexer(format: format).syntaxError(at: start, near: String(c)) }
                tokens.append(token(.identifier(name, escaped: escaped), length: j - start))
            } else if c == "$" {
                var j = i + 1
                while j < chars.count, chars[j].legacyIsIdentifierPart { j += 1 }
                guard j > i + 1 else { throw PredicateLexer(format: format).syntaxError(at: start, near: "$") }
                tokens.append(token(.variable(String(chars[(start + 1)..<j])), length: j - start))
            } else if c == "%" {
                guard let conversion = peek(i + 1), "@Kdif".contains(conversion) else {
                    throw PredicateLexer(format: format).syntaxError(at: start, near: String(chars[start..<min(start + 2, chars.count)]))
                }
                tokens.append(token(.argument(conversion), length: 2))
            } else {
                let two = i + 1 < chars.count ? String(chars[i...(i + 1)]) : ""
                if ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||"].contains(two) {
                    tokens.append(token(.symbol(two), length: 2))
                } else if "=<>!(){}[],.-+".contains(c) {
                    tokens.append(token(.symbol(String(c)), length: 1))
                } else {
                    throw PredicateLexer(format: format).syntaxError(at: start, near: String(c))
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
        throw PredicateLexer(format: format).syntaxError(at: chars.count, near: nil)
    }
}

private extension Character {
    var legacyIsASCIINumber: Bool { isASCII && isNumber }
    var legacyIsIdentifierStart: Bool { isLetter || self == "_" }
    var legacyIsIdentifierPart: Bool { isLetter || isNumber || self == "_" }
}
