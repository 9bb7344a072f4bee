import Testing
@testable import ObjectGraph

@Suite struct PredicateParserTests {
    private func format(_ text: String, _ arguments: [Value] = []) throws -> String {
        try Predicate(format: text, arguments: arguments).predicateFormat
    }

    private func comparison(_ text: String, _ arguments: [Value] = []) throws -> ComparisonPredicate? {
        if case .comparison(let c) = try Predicate(format: text, arguments: arguments).node { return c }
        return nil
    }

    // MARK: - Operators

    @Test("every comparison operator and its aliases", arguments: [
        ("age == 1", "age == 1"), ("age = 1", "age == 1"), ("age != 1", "age != 1"), ("age <> 1", "age != 1"),
        ("age < 1", "age < 1"), ("age <= 1", "age <= 1"), ("age =< 1", "age <= 1"), ("age > 1", "age > 1"),
        ("age >= 1", "age >= 1"), ("age => 1", "age >= 1"),
        ("age BETWEEN {1, 5}", "age BETWEEN {1, 5}"), ("age IN {1,2,3}", "age IN {1, 2, 3}"),
        ("name BEGINSWITH 'A'", "name BEGINSWITH \"A\""), ("name ENDSWITH 'A'", "name ENDSWITH \"A\""),
        ("name CONTAINS 'A'", "name CONTAINS \"A\""), ("name LIKE 'A*'", "name LIKE \"A*\""),
        ("name MATCHES 'A.*'", "name MATCHES \"A.*\""),
    ])
    func operators(input: String, expected: String) throws {
        #expect(try format(input) == expected)
    }

    @Test("operator types are recorded in the AST")
    func operatorTypes() throws {
        #expect(try comparison("age =< 3")?.operatorType == .lessThanOrEqualTo)
        #expect(try comparison("age <> 3")?.operatorType == .notEqualTo)
        #expect(try comparison("name like 'x'")?.operatorType == .like)
        #expect(try comparison("age between {1, 2}")?.operatorType == .between)
        #expect(try comparison("age in {1, 2}")?.operatorType == .in)
    }

    @Test("string options [c], [d], [cd], [dc] and on ==")
    func options() throws {
        #expect(try format("name BEGINSWITH[c] 'a'") == "name BEGINSWITH[c] \"a\"")
        #expect(try format("name ENDSWITH[d] 'a'") == "name ENDSWITH[d] \"a\"")
        #expect(try format("name CONTAINS[cd] 'a'") == "name CONTAINS[cd] \"a\"")
        #expect(try format("name LIKE[dc] 'a'") == "name LIKE[cd] \"a\"")
        #expect(try format("name MATCHES[c] 'a'") == "name MATCHES[c] \"a\"")
        #expect(try format("name ==[c] 'a'") == "name ==[c] \"a\"")
        #expect(try comparison("name beginswith[CD] 'a'")?.options == [.caseInsensitive, .diacriticInsensitive])
    }

    @Test("keywords are case-insensitive")
    func caseInsensitiveKeywords() throws {
        #expect(try format("name beginswith 'a' and not age < 3 or vip == yes")
            == "(name BEGINSWITH \"a\" AND NOT age < 3) OR vip == TRUE")
        #expect(try format("any orders.total > 1") == "ANY orders.total > 1")
        #expect(try format("truepredicate") == "TRUEPREDICATE")
        #expect(try format("name == Nil") == "name == nil")
    }

    // MARK: - Compound predicates

    @Test("NOT binds tighter than AND, AND tighter than OR")
    func precedence() throws {
        let p = try Predicate(format: "a == 1 OR b == 2 AND NOT c == 3")
        guard case .or(let items) = p.node, items.count == 2, case .and(let inner) = items[1], inner.count == 2,
              case .not = inner[1] else {
            Issue.record("unexpected structure \(p.node)")
            return
        }
        #expect(p.predicateFormat == "a == 1 OR (b == 2 AND NOT c == 3)")
    }

    @Test("parentheses override precedence; symbols &&, ||, !")
    func parentheses() throws {
        #expect(try format("(a == 1 || b == 2) && c == 3") == "(a == 1 OR b == 2) AND c == 3")
        #expect(try format("!(a == 1 AND b == 2)") == "NOT (a == 1 AND b == 2)")
        #expect(try format("a == 1 AND b == 2 AND c == 3") == "a == 1 AND b == 2 AND c == 3")
        #expect(try format("((a == 1))") == "a == 1")
        #expect(try format("NOT NOT a == 1") == "NOT NOT a == 1")
    }

    @Test("TRUEPREDICATE and FALSEPREDICATE")
    func constants() throws {
        #expect(try format("TRUEPREDICATE") == "TRUEPREDICATE")
        #expect(try format("FALSEPREDICATE OR TRUEPREDICATE") == "FALSEPREDICATE OR TRUEPREDICATE")
        #expect(Predicate.truePredicate.predicateFormat == "TRUEPREDICATE")
        #expect(Predicate.falsePredicate.description == "FALSEPREDICATE")
    }

    // MARK: - Expressions

    @Test("literals: strings with escapes, numbers, nil, Booleans")
    func literals() throws {
        #expect(try format(#"name == 'it\'s'"#) == #"name == "it's""#)
        #expect(try format(#"name == "say \"hi\"\n""#) == #"name == "say \"hi\"\n""#)
        #expect(try format("name == 'back\\\\slash'") == #"name == "back\\slash""#)
        #expect(try format("age == -3") == "age == -3")
        #expect(try format("age > 2.5") == "age > 2.5")
        #expect(try format("age > -0.25") == "age > -0.25")
        #expect(try format("age > 1e3") == "age > 1000.0")
        #expect(try format("name == NULL") == "name == nil")
        #expect(try format("name == NIL") == "name == nil")
        #expect(try format("vip == YES OR vip == NO OR vip == true OR vip == FALSE")
            == "vip == TRUE OR vip == FALSE OR vip == TRUE OR vip == FALSE")
        #expect(try comparison("age == 3")?.rightExpression.predicateFormat == "3")
        if case .constantValue(.integer(-3))? = try comparison("age == -3")?.rightExpression {} else {
            Issue.record("-3 should be an integer")
        }
        if case .constantValue(.double(2.5))? = try comparison("age == 2.5")?.rightExpression {} else {
            Issue.record("2.5 should be a double")
        }
    }

    @Test("CAST to NSDate round-trips dates")
    func cast() throws {
        #expect(try format(#"since > CAST(86400, "NSDate")"#) == #"since > CAST(86400.0, "NSDate")"#)
        #expect(try format("since < %@", [.date(10.5)]) == #"since < CAST(10.5, "NSDate")"#)
    }

    @Test("arguments: %@, %K, %d, %i, %f")
    func arguments() throws {
        #expect(try format("%K == %@", [.string("name"), .string("Ann")]) == #"name == "Ann""#)
        #expect(try format("%K.name == %@", [.string("customer"), .null]) == "customer.name == nil")
        #expect(try format("age IN %@", [.collection([.integer(1), .integer(2)])]) == "age IN {1, 2}")
        #expect(try format("age == %d AND age == %i", [.double(3.7), .integer(4)]) == "age == 3 AND age == 4")
        #expect(try format("age == %f", [.integer(2)]) == "age == 2.0")
    }

    @Test("$VARIABLE and substitution")
    func variables() throws {
        let p = try Predicate(format: "age >= $MIN AND name == $NAME")
        #expect(p.predicateFormat == "age >= $MIN AND name == $NAME")
        let bound = try p.withSubstitutionVariables(["MIN": .integer(18)])
        #expect(bound.predicateFormat == "age >= 18 AND name == $NAME")
    }

    @Test("key paths, collection operators, SELF, escaped reserved words")
    func keyPaths() throws {
        #expect(try format("customer.name == 'A'") == #"customer.name == "A""#)
        #expect(try format("orders.@count > 2") == "orders.@count > 2")
        #expect(try format("@sum.total > 2") == "@sum.total > 2")
        #expect(try format("orders.@avg.total > 2 AND orders.@min.total > 0 AND orders.@max.total < 9")
            == "orders.@avg.total > 2 AND orders.@min.total > 0 AND orders.@max.total < 9")
        #expect(try format("SELF == %@", [.null]) == "SELF == nil")
        #expect(try format("#in == 1 AND #Like.x == 2") == "#in == 1 AND #Like.x == 2")
    }

    @Test("aggregate qualifiers ANY, SOME, ALL, NONE")
    func modifiers() throws {
        #expect(try comparison("ANY orders.total > 1")?.modifier == .any)
        #expect(try comparison("SOME orders.total > 1")?.modifier == .any)
        #expect(try comparison("ALL orders.total > 1")?.modifier == .all)
        #expect(try comparison("NONE orders.total > 1")?.modifier == .noneOf)
        #expect(try format("SOME orders.total > 1 AND NONE orders.total < 0")
            == "ANY orders.total > 1 AND NONE orders.total < 0")
    }

    @Test("keyPaths lists every key path read, sorted and unique")
    func keyPathsProperty() throws {
        let p = try Predicate(format: "name == 'a' AND (orders.@count > 2 OR customer.name IN {name, 'x'}) AND name != 'b'")
        #expect(p.keyPaths == ["customer.name", "name", "orders.@count"])
        #expect(Predicate(block: { _, _ in true }).keyPaths == [])
        #expect(Predicate(block: { _, _ in true }).predicateFormat == "BLOCKPREDICATE")
    }

    @Test("predicateFormat round-trips", arguments: [
        #"name BEGINSWITH[c] "A" AND orders.@count > 2"#,
        "(a == 1 OR b == 2) AND NOT (c < 3 AND d >= 4)",
        #"ALL orders.total BETWEEN {1, 2.5} OR name MATCHES[cd] "^a\\d+$""#,
        #"since >= CAST(100.0, "NSDate") AND vip == TRUE AND name == nil"#,
        "age IN {1, -2, 3} AND NONE orders.total < 0 AND x == $VAR",
        #"name LIKE "a*b?" AND #in.#self != "q\"uote""#,
    ])
    func roundTrip(text: String) throws {
        let once = try format(text)
        #expect(once == text)
        #expect(try format(once) == once)
    }

    // MARK: - Syntax errors

    @Test("syntax errors name the position and the token", arguments: [
        ("name == == 'x'", #"Unable to parse the format string "name == == 'x'" (at position 8, near '==')"#),
        ("name == 'x", #"Unable to parse the format string "name == 'x" (at position 10, near <end of string>)"#),
        ("name ==", #"Unable to parse the format string "name ==" (at position 7, near <end of string>)"#),
        ("name == 'x' foo", #"Unable to parse the format string "name == 'x' foo" (at position 12, near 'foo')"#),
        ("(name == 'x'", #"Unable to parse the format string "(name == 'x'" (at position 12, near <end of string>)"#),
        ("name ~ 'x'", #"Unable to parse the format string "name ~ 'x'" (at position 5, near '~')"#),
        ("name BEGINSWITH[x] 'a'", #"Unable to parse the format string "name BEGINSWITH[x] 'a'" (at position 16, near 'x')"#),
        ("AND == 1", #"Unable to parse the format string "AND == 1" (at position 0, near 'AND')"#),
        ("name 'x'", #"Unable to parse the format string "name 'x'" (at position 5, near ''x'')"#),
        ("name == %q", #"Unable to parse the format string "name == %q" (at position 8, near '%q')"#),
        ("age IN {1, 2", #"Unable to parse the format string "age IN {1, 2" (at position 12, near <end of string>)"#),
        ("", #"Unable to parse the format string "" (at position 0, near <end of string>)"#),
        ("café == 'x' AND", #"Unable to parse the format string "café == 'x' AND" (at position 15, near <end of string>)"#),
        ("customer. == 1", #"Unable to parse the format string "customer. == 1" (at position 10, near '==')"#),
    ])
    func syntaxErrors(input: String, message: String) {
        #expect(errorMessage { try Predicate(format: input) } == message)
        #expect(errorKind { try Predicate(format: input) } == .predicateSyntax)
    }

    @Test("missing arguments and bad %K arguments")
    func argumentErrors() {
        #expect(errorMessage { try Predicate(format: "name == %@") }
            == #"Insufficient arguments for conversion characters specified in format string "name == %@" (at position 8, near '%@')"#)
        #expect(errorMessage { try Predicate(format: "%K == %@", arguments: [.string("name")]) }
            == #"Insufficient arguments for conversion characters specified in format string "%K == %@" (at position 6, near '%@')"#)
        #expect(errorMessage { try Predicate(format: "%K == 1", arguments: [.integer(3)]) }
            == #"Unable to parse the format string "%K == 1" (at position 0, near '%K'): %K needs a key path string, got 3"#)
    }

    // MARK: - Limits

    @Test("nesting deeper than 100 levels is a syntax error, not a stack overflow")
    func nestingLimit() throws {
        let deep = String(repeating: "(", count: 3000) + "age == 1" + String(repeating: ")", count: 3000)
        #expect(errorMessage { try Predicate(format: deep) }
            == "Unable to parse the format string \"\(deep)\" (at position 100, near '('): nesting deeper than 100 levels")
        #expect(errorKind { try Predicate(format: deep) } == .predicateSyntax)
        let nots = String(repeating: "NOT ", count: 20_000) + "age == 1"
        #expect(errorMessage { try Predicate(format: nots) }
            == "Unable to parse the format string \"\(nots)\" (at position 400, near 'NOT'): nesting deeper than 100 levels")
        let bangs = String(repeating: "!", count: 20_000) + "age == 1"
        #expect(errorKind { try Predicate(format: bangs) } == .predicateSyntax)
        let braces = "age IN " + String(repeating: "{", count: 500) + String(repeating: "}", count: 500)
        #expect(errorMessage { try Predicate(format: braces) }
            == "Unable to parse the format string \"\(braces)\" (at position 107, near '{'): nesting deeper than 100 levels")
        let casts = "since == " + String(repeating: "CAST(", count: 5000) + "1"
        #expect(errorMessage { try Predicate(format: casts) }
            == "Unable to parse the format string \"\(casts)\" (at position 509, near 'CAST'): nesting deeper than 100 levels")
        let subqueries = String(repeating: "SUBQUERY(orders, $o, ", count: 3000) + "TRUEPREDICATE"
        #expect(errorKind { try Predicate(format: subqueries) } == .predicateSyntax)
        // 100 levels are fine, and the result evaluates and prints.
        let ok = String(repeating: "(", count: 99) + "NOT age == 1" + String(repeating: ")", count: 99)
        #expect(try format(ok) == "NOT age == 1")
        #expect(try format(String(repeating: "NOT ", count: 100) + "age == 1").hasPrefix("NOT NOT"))
    }

    @Test("a predicate built deeper than the limit fails to evaluate instead of overflowing")
    func evaluatorLimit() throws {
        var node = Predicate.Node.constant(true)
        for _ in 0..<1000 { node = .not(node) }
        let fixture = try FetchingFixture()
        let ann = fixture.customer("Ann")
        #expect(errorMessage { try Predicate(node: node).evaluate(with: ann) }
            == "Can't evaluate a predicate nested deeper than 300 levels")
        #expect(errorKind { try Predicate(node: node).evaluate(with: ann) } == .limitExceeded)
    }

    // MARK: - SUBQUERY and variables

    @Test("SUBQUERY parses, prints and lists the key paths it reads")
    func subquery() throws {
        let text = "SUBQUERY(orders, $o, $o.total > 100 AND $o.customer.name BEGINSWITH[c] \"a\").@count > 0"
        #expect(try format(text) == text)
        #expect(try format("SUBQUERY(orders, $o, $o.total > 1).@count == $N") == "SUBQUERY(orders, $o, $o.total > 1).@count == $N")
        let p = try Predicate(format: text)
        #expect(p.keyPaths == ["orders", "orders.customer.name", "orders.total"])
        #expect(errorMessage { try Predicate(format: "SUBQUERY(orders, o, o.total > 1).@count > 0") }
            == #"Unable to parse the format string "SUBQUERY(orders, o, o.total > 1).@count > 0" (at position 17, near 'o')"#)
        #expect(errorMessage { try Predicate(format: "SUBQUERY(orders, $o, $o.total > 1).@sum > 0") }
            == #"Unable to parse the format string "SUBQUERY(orders, $o, $o.total > 1).@sum > 0" (at position 35, near '@sum')"#)
        // A substitution leaves the subquery's own variable alone.
        let bound = try Predicate(format: "SUBQUERY(orders, $o, $o.total > $MIN).@count > 0")
            .withSubstitutionVariables(["MIN": .integer(5), "o": .integer(1)])
        #expect(bound.predicateFormat == "SUBQUERY(orders, $o, $o.total > 5).@count > 0")
    }
}
