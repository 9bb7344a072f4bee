import Testing
@testable import ObjectGraph

@Suite struct PredicateEvaluationTests {
    let fixture: FetchingFixture
    let ann: ManagedObject      // "Ann", 30, since 1000, vip, orders 10.0, 20.5
    let bob: ManagedObject      // "Bob", 25, since 2000, not vip, no orders
    let chloe: ManagedObject    // "Chloé", age nil, since nil, vip nil, orders 5.0, nil total
    let lonelyOrder: ManagedObject

    init() throws {
        fixture = try FetchingFixture()
        ann = fixture.customer("Ann", age: 30, since: 1000, vip: true)
        bob = fixture.customer("Bob", age: 25, since: 2000, vip: false)
        chloe = fixture.customer("Chloé")
        fixture.order(10, customer: ann)
        fixture.order(20.5, customer: ann)
        fixture.order(5, customer: chloe)
        fixture.order(nil, customer: chloe)
        lonelyOrder = fixture.order(7)
    }

    private func check(_ format: String, _ object: ManagedObject, variables: [String: Value] = [:]) throws -> Bool {
        try check(format, [], object, variables: variables)
    }

    private func check(_ format: String, _ arguments: [Value], _ object: ManagedObject,
                       variables: [String: Value] = [:]) throws -> Bool {
        try Predicate.check(format, arguments, on: object, variables: variables)
    }

    // MARK: - Comparisons

    @Test("numbers compare across integer, double and Boolean")
    func numbers() throws {
        #expect(try check("age == 30", ann))
        #expect(try check("age == 30.0", ann))
        #expect(try check("age > 29.5", ann))
        #expect(try !check("age < 30", ann))
        #expect(try check("age <= 30 AND age >= 30", ann))
        #expect(try check("vip == 1", ann))
        #expect(try check("vip == YES", ann))
        #expect(try check("vip == NO", bob))
        #expect(try check("age != 31", ann))
    }

    @Test("dates compare with dates and with numbers")
    func dates() throws {
        #expect(try check("since < %@", [.date(1500)], ann))
        #expect(try check("since == CAST(1000, 'NSDate')", ann))
        #expect(try check("since > 1500", bob))
    }

    @Test("strings compare by Unicode scalars; [c] and [d] fold")
    func strings() throws {
        #expect(try check("name == 'Ann'", ann))
        #expect(try !check("name == 'ann'", ann))
        #expect(try check("name ==[c] 'ann'", ann))
        #expect(try check("name < 'Bob'", ann))
        #expect(try check("name < 'a'", ann))      // "A" (65) < "a" (97)
        #expect(try !check("name <[c] 'a'", ann))
        #expect(try check("name ==[d] 'Chloe'", chloe))
        #expect(try !check("name == 'Chloe'", chloe))
        #expect(try check("name ==[cd] 'CHLOE'", chloe))
    }

    @Test("BEGINSWITH, ENDSWITH, CONTAINS with options and accents")
    func substrings() throws {
        #expect(try check("name BEGINSWITH 'An'", ann))
        #expect(try !check("name BEGINSWITH 'an'", ann))
        #expect(try check("name BEGINSWITH[c] 'an'", ann))
        #expect(try check("name BEGINSWITH[cd] 'CHLOE'", chloe))
        #expect(try !check("name BEGINSWITH[c] 'CHLOE'", chloe))
        #expect(try check("name ENDSWITH[d] 'oe'", chloe))
        #expect(try check("name ENDSWITH 'é'", chloe))
        #expect(try check("name CONTAINS 'hlo'", chloe))
        #expect(try check("name CONTAINS[cd] 'LOE'", chloe))
        #expect(try check("name CONTAINS ''", ann))
        let latin = fixture.customer("Żółć Ærø ŁÓDŹ ß")
        #expect(try check("name ==[cd] 'zolc ærø lodz ß'", latin))
        #expect(try check("name BEGINSWITH[d] 'Zolc'", latin))
        let decomposed = fixture.customer("Cafe\u{301}")
        #expect(try check("name ==[d] 'cafe' OR name ==[d] 'Cafe'", decomposed))
    }

    @Test("LIKE with * and ? wildcards")
    func like() throws {
        #expect(try check("name LIKE 'A*'", ann))
        #expect(try check("name LIKE '?nn'", ann))
        #expect(try check("name LIKE '*'", ann))
        #expect(try check("name LIKE 'A?n'", ann))
        #expect(try !check("name LIKE 'A?'", ann))
        #expect(try !check("name LIKE 'a*'", ann))
        #expect(try check("name LIKE[c] 'a*N'", ann))
        #expect(try check("name LIKE[cd] '*LOE'", chloe))
        #expect(try check("name LIKE '*o*'", bob))
        #expect(try check(#"name LIKE 'A\\*'"#, fixture.customer("A*")))
        #expect(try !check(#"name LIKE 'A\\*'"#, ann))
    }

    @Test("MATCHES is a whole-string regular expression")
    func matches() throws {
        #expect(try check("name MATCHES 'A.n'", ann))
        #expect(try !check("name MATCHES 'A'", ann))
        #expect(try check("name MATCHES '[A-C][a-z]+'", ann))
        #expect(try check("name MATCHES '[^x-z]{3}'", ann))
        #expect(try !check("name MATCHES '[^A]{3}'", ann))
        #expect(try check("name MATCHES 'Bob|Ann'", ann))
        #expect(try check("name MATCHES '(An)+n?'", ann))
        #expect(try check("name MATCHES[c] 'ann'", ann))
        #expect(try check("name MATCHES[cd] 'chloe'", chloe))
        #expect(try check("name MATCHES '^Ann$'", ann))
        let code = fixture.customer("AB-1234 x_y")
        #expect(try check(#"name MATCHES '\\w{2}-\\d{3,4}\\s\\w+'"#, code))
        #expect(try !check(#"name MATCHES '\\w{2}-\\d{1,3}\\s\\w+'"#, code))
        #expect(try check(#"name MATCHES '[A-Z]+\\-[0-9]*? .*'"#, code))
        #expect(try check(#"name MATCHES '(?:AB)-\\d+\\b.*'"#, code))
        #expect(try check("name MATCHES 'a*b*'", fixture.customer("")))
        #expect(try check("name MATCHES '(a*)*b'", fixture.customer("aaab")))
        #expect(try check(#"name MATCHES '\\.\\*'"#, fixture.customer(".*")))
    }

    @Test("a malformed regular expression throws at evaluation")
    func badRegex() {
        #expect(errorMessage { try check("name MATCHES 'a(b'", ann) }
            == #"Can't do regex matching, reason: Can't open pattern U_REGEX_MISMATCHED_PAREN (pattern "a(b")"#)
        #expect(errorMessage { try check("name MATCHES '[ab'", ann) }
            == #"Can't do regex matching, reason: Can't open pattern U_REGEX_MISSING_CLOSE_BRACKET (pattern "[ab")"#)
        #expect(errorMessage { try check("name MATCHES '*a'", ann) }
            == #"Can't do regex matching, reason: Can't open pattern U_REGEX_RULE_SYNTAX (pattern "*a")"#)
        #expect(errorKind { try check("name MATCHES 'a)'", ann) } == .predicateEvaluation)
    }

    @Test("IN with a literal array, a %@ array, a to-many key path and a string")
    func inOperator() throws {
        #expect(try check("age IN {25, 30}", ann))
        #expect(try !check("age IN {1, 2}", ann))
        #expect(try check("name IN %@", [.collection([.string("Bob"), .string("Ann")])], ann))
        #expect(try check("name IN[c] {'ANN'}", ann))
        #expect(try check("%@ IN orders", [.object(ann.toManyValues[0][0])], ann))
        #expect(try !check("%@ IN orders", [.object(lonelyOrder)], ann))
        #expect(try check("name IN 'JoAnna'", ann))
        #expect(try !check("age IN nil", ann))
    }

    @Test("BETWEEN with a literal and with an array argument")
    func between() throws {
        #expect(try check("age BETWEEN {25, 30}", ann))
        #expect(try check("age BETWEEN {30, 40}", ann))
        #expect(try !check("age BETWEEN {31, 40}", ann))
        #expect(try check("age BETWEEN %@", [.collection([.double(29.5), .integer(31)])], ann))
        #expect(try !check("age BETWEEN {20, 40}", chloe))
        #expect(try check("name BETWEEN {'A', 'B'}", ann))
        #expect(errorMessage { try check("age BETWEEN 3", ann) }
            == "Can't evaluate BETWEEN: the right side must be a collection of two values, got 3")
    }

    @Test("nil comparisons: == nil, != nil, ordering with nil is false")
    func nilComparisons() throws {
        #expect(try check("age == nil", chloe))
        #expect(try !check("age == nil", ann))
        #expect(try check("age != nil", ann))
        #expect(try !check("age < 100", chloe))
        #expect(try !check("age > 0", chloe))
        #expect(try !check("name BEGINSWITH nil", ann))
        #expect(try !check("age < nil", ann))
    }

    @Test("incompatible types: ordering false, == false")
    func incompatibleTypes() throws {
        #expect(try !check("name < 5", ann))
        #expect(try !check("name > 5", ann))
        #expect(try !check("name == 5", ann))
        #expect(try check("name != 5", ann))
        #expect(errorMessage { try check("age BEGINSWITH 'a'", ann) }
            == #"Can't do BEGINSWITH with something that isn't a string (lhs = 30 rhs = "a")"#)
    }

    @Test("objects compare by identity; SELF")
    func objects() throws {
        let first = ann.toManyValues[0][0]
        #expect(try check("customer == %@", [.object(ann)], first))
        #expect(try !check("customer == %@", [.object(bob)], first))
        #expect(try check("SELF == %@", [.object(ann)], ann))
        #expect(try check("SELF IN %@", [.collection([.object(bob), .object(ann)])], ann))
        #expect(try check("orders CONTAINS %@", [.object(first)], ann))
    }

    @Test("key paths through to-one relationships; nil to-one yields nil")
    func toOneKeyPaths() throws {
        let first = ann.toManyValues[0][0]
        #expect(try check("customer.name == 'Ann'", first))
        #expect(try check("customer.age > 20", first))
        #expect(try check("customer.name == nil", lonelyOrder))
        #expect(try check("customer == nil", lonelyOrder))
        #expect(try !check("customer.name BEGINSWITH 'A'", lonelyOrder))
    }

    @Test("an unknown key throws with Core Data's wording")
    func unknownKey() {
        #expect(errorMessage { try check("foo == 1", ann) }
            == #"[<Customer Customer#1> valueForUndefinedKey:]: the entity Customer is not key value coding-compliant for the key "foo"."#)
        #expect(errorKind { try check("customer.foo == 1", ann.toManyValues[0][0]) } == .unknownKey)
        #expect(errorMessage { try check("name.length == 1", ann) }
            == "[<__NSCFString> valueForUndefinedKey:]: this class is not key value coding-compliant for the key length.")
    }

    // MARK: - To-many

    @Test("ANY / SOME, ALL, NONE over a to-many key path")
    func aggregateQualifiers() throws {
        #expect(try check("ANY orders.total > 20", ann))
        #expect(try check("SOME orders.total == 10", ann))
        #expect(try !check("ANY orders.total > 30", ann))
        #expect(try check("ALL orders.total >= 10", ann))
        #expect(try !check("ALL orders.total > 10", ann))
        #expect(try check("NONE orders.total > 30", ann))
        #expect(try !check("NONE orders.total > 20", ann))
        // Empty relationship: ANY false, ALL and NONE true.
        #expect(try !check("ANY orders.total > 0", bob))
        #expect(try check("ALL orders.total > 0", bob))
        #expect(try check("NONE orders.total > 0", bob))
        // A nil member is not greater than anything.
        #expect(try !check("ALL orders.total > 0", chloe))
        #expect(try check("ANY orders.total == nil", chloe))
        // Without a qualifier, a to-many key path behaves like ANY.
        #expect(try check("orders.total > 20", ann))
        #expect(try !check("orders.total > 30", ann))
        #expect(try check("ANY orders.total IN {5, 6}", chloe))
        #expect(try check("ANY orders.total BETWEEN {19, 21}", ann))
    }

    @Test("collection operators @count, @sum, @avg, @min, @max")
    func collectionOperators() throws {
        #expect(try check("orders.@count == 2", ann))
        #expect(try check("orders.@count == 0", bob))
        #expect(try check("orders.@sum.total == 30.5", ann))
        #expect(try check("orders.@sum.total == 0", bob))
        #expect(try check("orders.@avg.total == 15.25", ann))
        #expect(try check("orders.@avg.total == nil", bob))
        #expect(try check("orders.@avg.total == 5", chloe))
        #expect(try check("orders.@min.total == 10 AND orders.@max.total == 20.5", ann))
        #expect(try check("orders.@min.total == nil AND orders.@max.total == nil", bob))
        #expect(try check("customer.orders.@count == 2", ann.toManyValues[0][0]))
    }

    // MARK: - Variables, %K, blocks

    @Test("$VARIABLE: bound at evaluation, by substitution, or missing")
    func variables() throws {
        #expect(try check("age >= $MIN", ann, variables: ["MIN": .integer(30)]))
        #expect(try !check("age >= $MIN", bob, variables: ["MIN": .integer(30)]))
        let bound = try Predicate(format: "name == $NAME").withSubstitutionVariables(["NAME": .string("Bob")])
        #expect(try bound.evaluate(with: bob))
        #expect(errorMessage { try check("age >= $MIN", ann) } == "Can't get value for 'MIN' in bindings {}.")
        #expect(errorMessage { try check("age >= $MIN", ann, variables: ["B": .integer(1), "A": .string("x")]) }
            == #"Can't get value for 'MIN' in bindings {A = "x"; B = 1}."#)
        #expect(errorKind { try check("age IN {1, $X}", ann) } == .predicateEvaluation)
    }

    @Test("%K names the key path")
    func keyArgument() throws {
        #expect(try check("%K == %@", [.string("name"), .string("Ann")], ann))
        #expect(try check("%K.name == %@", [.string("customer"), .string("Ann")], ann.toManyValues[0][0]))
        #expect(try check("ANY %K > 20", [.string("orders.total")], ann))
    }

    @Test("block predicates and constants")
    func blocks() throws {
        let adult = Predicate { object, variables in
            let age = try object.value(forKey: "age").numericValue ?? 0
            return age >= (variables["MIN"]?.numericValue ?? 18)
        }
        #expect(try adult.evaluate(with: ann))
        #expect(try !adult.evaluate(with: ann, substitutionVariables: ["MIN": .integer(40)]))
        #expect(try !adult.evaluate(with: chloe))
        #expect(try Predicate.truePredicate.evaluate(with: ann))
        #expect(try !Predicate.falsePredicate.evaluate(with: ann))
        let compound = Predicate(node: .and([.block { _, _ in true }, .not(.constant(false))]))
        #expect(try compound.evaluate(with: ann))
    }

    @Test("compound predicates short-circuit")
    func shortCircuit() throws {
        // The right side would throw; AND/OR stop before it.
        #expect(try !check("age > 100 AND foo == 1", ann))
        #expect(try check("age == 30 OR foo == 1", ann))
        #expect(try check("NOT (age > 100)", ann))
    }

    // MARK: - value(forKeyPath:)

    @Test("value(forKeyPath:) follows relationships and aggregates")
    func valueForKeyPath() throws {
        let first = ann.toManyValues[0][0]
        #expect(try first.value(forKeyPath: "customer.name") == .string("Ann"))
        #expect(try lonelyOrder.value(forKeyPath: "customer.name") == .null)
        #expect(try ann.value(forKeyPath: "orders.total") == .collection([.double(10), .double(20.5)]))
        #expect(try ann.value(forKeyPath: "orders.customer.name") == .collection([.string("Ann"), .string("Ann")]))
        if case .integer(2)? = try? ann.value(forKeyPath: "orders.@count") {} else { Issue.record("@count") }
        if case .double(30.5)? = try? ann.value(forKeyPath: "orders.@sum.total") {} else { Issue.record("@sum") }
        if case .integer(0)? = try? bob.value(forKeyPath: "orders.@sum.total") {} else { Issue.record("@sum of empty") }
        #expect(try ann.value(forKeyPath: "orders.@avg.total") == .double(15.25))
        #expect(try bob.value(forKeyPath: "orders.@avg.total") == .null)
        #expect(try ann.value(forKeyPath: "orders.@max.total") == .double(20.5))
        #expect(try bob.value(forKeyPath: "orders.@min.total") == .null)
        #expect(try first.value(forKeyPath: "customer.orders.@count") == .integer(2))
        #expect(errorMessage { try ann.value(forKeyPath: "orders.@median.total") }
            == "[<NSSet> valueForKeyPath:]: this class does not implement the median operation.")
        #expect(errorKind { try ann.value(forKeyPath: "name.@count") } == .unknownKey)
    }

    @Test("integer sums stay integers")
    func integerSum() throws {
        #expect(try KeyPathEvaluator.value(of: ["@sum"], on: .collection([.integer(2), .integer(3), .null]))
            == .integer(5))
        if case .integer(5) = try KeyPathEvaluator.value(of: ["@sum"], on: .collection([.integer(2), .integer(3)])) {} else {
            Issue.record("expected an integer sum")
        }
        if case .double(5.5) = try KeyPathEvaluator.value(of: ["@sum"], on: .collection([.integer(2), .double(3.5)])) {} else {
            Issue.record("expected a double sum")
        }
        #expect(try KeyPathEvaluator.value(of: ["@max"], on: .collection([.string("b"), .string("a")])) == .string("b"))
        #expect(errorKind { try KeyPathEvaluator.value(of: ["@sum"], on: .collection([.string("x")])) } == .predicateEvaluation)
    }
}

extension PredicateEvaluationTests {
    @Test("edge cases: constant on the left, scalar with ALL, nil arguments, non-ASCII case folding")
    func edgeCases() throws {
        #expect(try check("30 == age", ann))
        #expect(try check("'Ann' IN {name, 'x'}", ann))
        #expect(try check("ALL age > 20", ann))
        #expect(try !check("name CONTAINS[c] %@", [.null], ann))
        #expect(try check("name ==[c] 'ÉMILE'", fixture.customer("émile")))
        #expect(try !check("name ==[d] 'emile'", fixture.customer("ÉMILE")))
        // The same MATCHES predicate evaluated on many objects reuses its compiled pattern.
        let p = try Predicate(format: "name MATCHES '[A-C].*'")
        #expect(try [ann, bob, chloe].map { try p.evaluate(with: $0) } == [true, true, true])
        #expect(try !p.evaluate(with: fixture.customer("Dan")))
    }
}
