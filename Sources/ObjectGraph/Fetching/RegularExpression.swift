/// A small backtracking regular-expression engine for `MATCHES`, covering the ICU basics.
///
/// Supported: literals, `.` (any character but a newline), `[abc]`, `[^a-z]`, ranges, `*` `+` `?`
/// `{m}` `{m,}` `{m,n}` (greedy, or lazy with a trailing `?`), `|`, `(…)` and `(?:…)`, `^`, `$`,
/// `\d \w \s \D \W \S \b \B`, `\n \t \r`, `\uXXXX` and escaped metacharacters. Like `NSPredicate`'s
/// `MATCHES`, the whole string must match. `[c]` matches letters case-insensitively; `[d]` folds
/// Latin diacritics of both the text and the pattern's literals.
struct RegularExpression {
    indirect enum Node {
        case literal(Unicode.Scalar)
        case anyCharacter
        case set(CharacterSet)
        case startAnchor
        case endAnchor
        case wordBoundary(Bool)
        case group([[Node]])
        case repetition(Node, min: Int, max: Int?, greedy: Bool)
    }

    struct CharacterSet {
        enum Item {
            case scalar(Unicode.Scalar)
            case range(Unicode.Scalar, Unicode.Scalar)
            case digit(negated: Bool)
            case word(negated: Bool)
            case space(negated: Bool)
        }
        var negated: Bool
        var items: [Item]

        func contains(_ c: Unicode.Scalar, caseInsensitive: Bool) -> Bool {
            var found = items.contains { $0.contains(c) }
            if !found, caseInsensitive {
                let variants = [RegularExpression.lower(c), RegularExpression.upper(c)]
                found = variants.contains { v in items.contains { $0.contains(v) } }
            }
            return found != negated
        }
    }

    let alternatives: [[Node]]
    let caseInsensitive: Bool
    let diacriticInsensitive: Bool

    /// Compiles a pattern.
    /// - Throws: `.predicateEvaluation` naming the ICU error: `Can't do regex matching, reason: Can't open
    ///   pattern U_REGEX_MISSING_CLOSE_PAREN (pattern "a(b")`.
    init(pattern: String, options: ComparisonPredicate.Options) throws {
        caseInsensitive = options.contains(.caseInsensitive)
        diacriticInsensitive = options.contains(.diacriticInsensitive)
        var parser = Parser(pattern: pattern, scalars: Array(pattern.unicodeScalars),
                            diacriticInsensitive: diacriticInsensitive, caseInsensitive: caseInsensitive)
        alternatives = try parser.parseAlternatives()
        if parser.index < parser.scalars.count { throw parser.failure("U_REGEX_MISMATCHED_PAREN") }
    }

    /// Whether the whole string matches.
    func matchesWhole(_ string: String) -> Bool {
        var input = Array(string.unicodeScalars)
        if diacriticInsensitive { input = StringFolding.foldDiacritics(input) }
        let matcher = Matcher(input: input, caseInsensitive: caseInsensitive)
        return matcher.match(.group(alternatives), [], 0) { $0 == input.count }
    }

    static func lower(_ c: Unicode.Scalar) -> Unicode.Scalar {
        let m = c.properties.lowercaseMapping.unicodeScalars
        return m.count == 1 ? m.first! : c
    }

    static func upper(_ c: Unicode.Scalar) -> Unicode.Scalar {
        let m = c.properties.uppercaseMapping.unicodeScalars
        return m.count == 1 ? m.first! : c
    }

    static func isWord(_ c: Unicode.Scalar) -> Bool {
        c.properties.isAlphabetic || c.properties.numericType != nil || c == "_"
    }

    // MARK: - Matching

    struct Matcher {
        let input: [Unicode.Scalar]
        let caseInsensitive: Bool

        func matchesScalar(_ c: Unicode.Scalar, _ literal: Unicode.Scalar) -> Bool {
            c == literal || (caseInsensitive && lower(c) == lower(literal))
        }

        /// Matches `node` then `rest` at `i`, calling `k` with each end position until it returns true.
        func match(_ node: Node, _ rest: ArraySlice<Node>, _ i: Int, _ k: (Int) -> Bool) -> Bool {
            switch node {
            case .literal(let c):
                return i < input.count && matchesScalar(input[i], c) && sequence(rest, i + 1, k)
            case .anyCharacter:
                return i < input.count && input[i] != "\n" && sequence(rest, i + 1, k)
            case .set(let set):
                return i < input.count && set.contains(input[i], caseInsensitive: caseInsensitive)
                    && sequence(rest, i + 1, k)
            case .startAnchor:
                return i == 0 && sequence(rest, i, k)
            case .endAnchor:
                return i == input.count && sequence(rest, i, k)
            case .wordBoundary(let expected):
                let before = i > 0 && isWord(input[i - 1])
                let after = i < input.count && isWord(input[i])
                return (before != after) == expected && sequence(rest, i, k)
            case .group(let alternatives):
                for alternative in alternatives where sequence(alternative[...], i, { j in sequence(rest, j, k) }) {
                    return true
                }
                return false
            case .repetition(let inner, let min, let max, let greedy):
                return repeatMatch(inner, min: min, max: max, greedy: greedy, count: 0, i) { j in sequence(rest, j, k) }
            }
        }

        func sequence(_ nodes: ArraySlice<Node>, _ i: Int, _ k: (Int) -> Bool) -> Bool {
            guard let first = nodes.first else { return k(i) }
            return match(first, nodes.dropFirst(), i, k)
        }

        func repeatMatch(_ node: Node, min: Int, max: Int?, greedy: Bool, count: Int, _ i: Int,
                         _ k: (Int) -> Bool) -> Bool {
            func more() -> Bool {
                if let max, count >= max { return false }
                return match(node, [], i) { j in
                    // An empty iteration past the minimum cannot make progress: stop there.
                    guard j != i || count < min else { return false }
                    return repeatMatch(node, min: min, max: max, greedy: greedy, count: count + 1, j, k)
                }
            }
            if count < min { return more() }
            return greedy ? (more() || k(i)) : (k(i) || more())
        }
    }

    // MARK: - Parsing

    struct Parser {
        let pattern: String
        let scalars: [Unicode.Scalar]
        let diacriticInsensitive: Bool
        let caseInsensitive: Bool
        var index = 0

        init(pattern: String, scalars: [Unicode.Scalar], diacriticInsensitive: Bool, caseInsensitive: Bool) {
            self.pattern = pattern
            self.scalars = diacriticInsensitive ? StringFolding.foldDiacritics(scalars) : scalars
            self.diacriticInsensitive = diacriticInsensitive
            self.caseInsensitive = caseInsensitive
        }

        func failure(_ code: String) -> ObjectGraphError {
            ObjectGraphError(.predicateEvaluation,
                "Can't do regex matching, reason: Can't open pattern \(code) (pattern \(Expression.quote(pattern)))")
        }

        private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func parseAlternatives() throws -> [[Node]] {
            var alternatives = [try parseSequence()]
            while peek == "|" {
                index += 1
                alternatives.append(try parseSequence())
            }
            return alternatives
        }

        private mutating func parseSequence() throws -> [Node] {
            var nodes: [Node] = []
            while let c = peek, c != "|", c != ")" {
                let atom = try parseAtom()
                nodes.append(try parseQuantifier(atom))
            }
            return nodes
        }

        private mutating func parseAtom() throws -> Node {
            let c = scalars[index]
            index += 1
            switch c {
            case "(":
                if peek == "?", index + 1 < scalars.count, scalars[index + 1] == ":" { index += 2 }
                let inner = try parseAlternatives()
                guard peek == ")" else { throw failure("U_REGEX_MISSING_CLOSE_PAREN") }
                index += 1
                return .group(inner)
            case "[": return .set(try parseSet())
            case ".": return .anyCharacter
            case "^": return .startAnchor
            case "$": return .endAnchor
            case "*", "+", "?": throw failure("U_REGEX_RULE_SYNTAX")
            case "{":
                if isInterval(at: index) { throw failure("U_REGEX_RULE_SYNTAX") }
                return .literal(c)
            case "\\":
                guard let e = peek else { throw failure("U_REGEX_RULE_SYNTAX") }
                index += 1
                switch e {
                case "b": return .wordBoundary(true)
                case "B": return .wordBoundary(false)
                default:
                    switch try escapeItem(e) {
                    case .scalar(let s): return .literal(s)
                    case let item: return .set(CharacterSet(negated: false, items: [item]))
                    }
                }
            default: return .literal(c)
            }
        }

        private mutating func escapeItem(_ e: Unicode.Scalar) throws -> CharacterSet.Item {
            switch e {
            case "d": return .digit(negated: false)
            case "D": return .digit(negated: true)
            case "w": return .word(negated: false)
            case "W": return .word(negated: true)
            case "s": return .space(negated: false)
            case "S": return .space(negated: true)
            case "n": return .scalar("\n")
            case "t": return .scalar("\t")
            case "r": return .scalar("\r")
            case "u":
                guard index + 4 <= scalars.count,
                      let code = UInt32(String(String.UnicodeScalarView(scalars[index..<(index + 4)])), radix: 16),
                      let scalar = Unicode.Scalar(code) else { throw failure("U_REGEX_BAD_ESCAPE_SEQUENCE") }
                index += 4
                return .scalar(scalar)
            default:
                if e.properties.isAlphabetic || e.properties.numericType != nil {
                    throw failure("U_REGEX_BAD_ESCAPE_SEQUENCE")
                }
                return .scalar(e)
            }
        }

        private mutating func parseSet() throws -> CharacterSet {
            var set = CharacterSet(negated: false, items: [])
            if peek == "^" {
                set.negated = true
                index += 1
            }
            var first = true
            while true {
                guard let c = peek else { throw failure("U_REGEX_MISSING_CLOSE_BRACKET") }
                if c == "]" && !first {
                    index += 1
                    return set
                }
                first = false
                index += 1
                var item: CharacterSet.Item = .scalar(c)
                if c == "\\" {
                    guard let e = peek else { throw failure("U_REGEX_MISSING_CLOSE_BRACKET") }
                    index += 1
                    item = try escapeItem(e)
                }
                if case .scalar(let low) = item, peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    index += 1
                    var high = scalars[index]
                    index += 1
                    if high == "\\" {
                        guard let e = peek else { throw failure("U_REGEX_MISSING_CLOSE_BRACKET") }
                        index += 1
                        guard case .scalar(let h) = try escapeItem(e) else { throw failure("U_REGEX_INVALID_RANGE") }
                        high = h
                    }
                    guard low.value <= high.value else { throw failure("U_REGEX_INVALID_RANGE") }
                    item = .range(low, high)
                }
                set.items.append(item)
            }
        }

        /// Whether `{m}`, `{m,}` or `{m,n}` starts at the current index.
        private func isInterval(at start: Int) -> Bool {
            var j = start
            var digits = 0
            while j < scalars.count, scalars[j].properties.numericType == .decimal { j += 1; digits += 1 }
            guard digits > 0, j < scalars.count else { return false }
            if scalars[j] == "}" { return true }
            guard scalars[j] == "," else { return false }
            j += 1
            while j < scalars.count, scalars[j].properties.numericType == .decimal { j += 1 }
            return j < scalars.count && scalars[j] == "}"
        }

        private mutating func readNumber() -> Int? {
            var text = ""
            while let c = peek, c.properties.numericType == .decimal, c.isASCII {
                text.unicodeScalars.append(c)
                index += 1
            }
            return Int(text)
        }

        private mutating func parseQuantifier(_ atom: Node) throws -> Node {
            var node = atom
            while let c = peek {
                var min = 0
                var max: Int?
                switch c {
                case "*": index += 1
                case "+":
                    index += 1
                    min = 1
                case "?":
                    index += 1
                    max = 1
                case "{" where isInterval(at: index + 1):
                    index += 1
                    min = readNumber() ?? 0
                    if peek == "," {
                        index += 1
                        max = readNumber()
                    } else {
                        max = min
                    }
                    index += 1  // "}"
                    if let max, max < min { throw failure("U_REGEX_MAX_LT_MIN") }
                default:
                    return node
                }
                switch node {
                case .startAnchor, .endAnchor, .wordBoundary: throw failure("U_REGEX_RULE_SYNTAX")
                default: break
                }
                var greedy = true
                if peek == "?" {
                    greedy = false
                    index += 1
                } else if peek == "+" {
                    index += 1  // possessive: treated as greedy
                }
                node = .repetition(node, min: min, max: max, greedy: greedy)
            }
            return node
        }
    }
}

extension RegularExpression.CharacterSet.Item {
    func contains(_ c: Unicode.Scalar) -> Bool {
        switch self {
        case .scalar(let s): return s == c
        case .range(let low, let high): return low.value <= c.value && c.value <= high.value
        case .digit(let negated): return (c.properties.numericType == .decimal) != negated
        case .word(let negated): return RegularExpression.isWord(c) != negated
        case .space(let negated): return c.properties.isWhitespace != negated
        }
    }
}
