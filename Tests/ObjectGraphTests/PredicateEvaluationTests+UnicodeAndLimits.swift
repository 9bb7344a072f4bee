import Testing
@testable import ObjectGraph

/// Folding, ICU regular expressions, limits, SUBQUERY, NaN and the work budget.
extension PredicateEvaluationTests {
    private func evaluate(_ format: String, _ object: ManagedObject, variables: [String: Value] = [:]) throws -> Bool {
        try Predicate.check(format, on: object, variables: variables)
    }

    @Test("[c] is Unicode full case folding, [d] removes diacritics after canonical decomposition")
    func folding() throws {
        let nguyen = fixture.customer("Nguyễn")
        let strasse = fixture.customer("Straße")
        #expect(try evaluate("name BEGINSWITH[cd] 'nguyen'", nguyen))
        #expect(try !evaluate("name BEGINSWITH[c] 'nguyen'", nguyen))
        #expect(try evaluate("name BEGINSWITH[d] 'Nguyen'", nguyen))
        #expect(try evaluate("name CONTAINS[c] 'STRASSE'", strasse))
        #expect(try evaluate("name ==[c] 'strasse'", strasse))
        #expect(try !evaluate("name == 'strasse'", strasse))
        #expect(try evaluate("name ENDSWITH[c] 'SSE'", strasse))
        #expect(try evaluate("name LIKE[cd] 'NGUY*N'", nguyen))
        // Decomposed text matches precomposed text under [d].
        #expect(try evaluate(#"name ==[d] 'Nguye\u0302\u0303n'"#, nguyen))
        #expect(try evaluate("name ==[cd] 'ΣΊΣΥΦΟΣ'", fixture.customer("σίσυφος")))
        #expect(try evaluate("name ==[d] 'Lodz'", fixture.customer("Łódź")))
    }

    @Test("MATCHES has ICU semantics: properties, inline flags, POSIX classes, whole-string match")
    func icuSemantics() throws {
        let nguyen = fixture.customer("Nguyễn")
        #expect(try evaluate(#"name MATCHES '\\p{L}+'"#, nguyen))
        #expect(try !evaluate(#"name MATCHES '\\p{L}+'"#, fixture.customer("R2D2")))
        #expect(try evaluate("name MATCHES '(?i)NGUYỄN'", nguyen))
        #expect(try evaluate("name MATCHES '[[:alpha:]]+'", nguyen))
        #expect(try !evaluate("name MATCHES '[[:alpha:]]+'", fixture.customer("a b")))
        #expect(try !evaluate("name MATCHES 'Ng'", nguyen))
        #expect(try evaluate("name MATCHES 'Ng.*'", nguyen))
        #expect(try evaluate("name MATCHES[c] 'nguyỄn'", nguyen))
        #expect(try evaluate("name MATCHES[d] 'Nguyen'", nguyen))
        #expect(try evaluate("name MATCHES 'a++b'", fixture.customer("aab")))
        #expect(try evaluate("name MATCHES '(?<=a)b|ab'", fixture.customer("ab")))
        #expect(errorMessage { try evaluate(#"name MATCHES '\\p{Bogus}'"#, nguyen) }
            == #"Can't do regex matching, reason: Can't open pattern U_REGEX_PROPERTY_SYNTAX (pattern "\\p{Bogus}")"#)
    }

    @Test("catastrophic backtracking stops at ICU's step limit; long strings never touch the native stack")
    func regexLimits() throws {
        let a28 = fixture.customer(String(repeating: "a", count: 28))
        #expect(errorMessage { try evaluate("name MATCHES '(a+)+b'", a28) }
            == #"Can't do regex matching, reason: U_REGEX_TIME_OUT: the pattern "(a+)+b" needed more than 10000000 steps on a string of 28 characters"#)
        #expect(errorKind { try evaluate("name MATCHES '(a+)+b'", a28) } == .limitExceeded)
        let long = fixture.customer(String(repeating: "x", count: 10_000))
        #expect(try evaluate("name MATCHES '.*'", long))
        #expect(try evaluate("name MATCHES '(x|y)*'", long))
        #expect(try !evaluate("name MATCHES '.*z'", long))
        // ICU's backtracking stack is bounded too (on the heap): an error, not a native stack overflow.
        let million = fixture.customer(String(repeating: "x", count: 1_000_000))
        #expect(try evaluate("name MATCHES '.*'", million))
        #expect(errorMessage { try evaluate("name MATCHES '(x|y)*'", million) }
            == #"Can't do regex matching, reason: U_REGEX_STACK_OVERFLOW: the pattern "(x|y)*" needed more than 8 MB of backtracking stack on a string of 1000000 characters"#)
        // The predicate keeps working after a timeout.
        #expect(try evaluate("name MATCHES 'a+'", a28))
    }

    @Test("a string attribute's pattern is validated at save with ICU and its limits")
    func validationPattern() throws {
        #expect(ManagedObjectContext.patternFailure("abc", "[a-c]+") == nil)
        #expect(ManagedObjectContext.patternFailure("abcd", "[a-c]+") == "")
        #expect(ManagedObjectContext.patternFailure("Straße", #"\p{L}+"#) == nil)
        #expect(ManagedObjectContext.patternFailure(String(repeating: "a", count: 28), "(a+)+b")
            == #"Can't do regex matching, reason: U_REGEX_TIME_OUT: the pattern "(a+)+b" needed more than 10000000 steps on a string of 28 characters"#)
        #expect(ManagedObjectContext.patternFailure("x", "a(b")
            == #"Can't do regex matching, reason: Can't open pattern U_REGEX_MISMATCHED_PAREN (pattern "a(b")"#)
        #expect(ManagedObjectContext.patternFailure(String(repeating: "x", count: 10_000), ".*") == nil)
    }

    @Test("SUBQUERY filters a to-many relationship with a bound variable")
    func subqueryEvaluation() throws {
        let ann = fixture.customer("Ann")
        fixture.order(150, customer: ann)
        fixture.order(50, customer: ann)
        fixture.order(500, customer: ann)
        let bob = fixture.customer("Bob")
        fixture.order(5, customer: bob)
        #expect(try evaluate("SUBQUERY(orders, $o, $o.total > 100).@count == 2", ann))
        #expect(try evaluate("SUBQUERY(orders, $o, $o.total > 100).@count == 0", bob))
        #expect(try evaluate("SUBQUERY(orders, $o, $o.total > $MIN AND $o.customer.name == 'Ann').@count == 1", ann,
                          variables: ["MIN": .integer(200)]))
        #expect(try evaluate("SUBQUERY(orders, $o, $o.total < 100).@count > 0 AND name == 'Bob'", bob))
        #expect(try evaluate("SUBQUERY({1, 2, 3}, $x, $x >= 2).@count == 2", bob))
        #expect(errorMessage { try evaluate("SUBQUERY(name, $x, $x == 1).@count == 0", ann) }
            == #"Can't do SUBQUERY over something that isn't a collection ("Ann")"#)
        #expect(errorMessage { try evaluate("SUBQUERY({1}, $x, $x.total == 1).@count == 0", ann) }
            == "Can't get value for key path 'total' of $x: it holds 1, not an object")
    }

    @Test("NaN is unordered in comparisons, as in IEEE arithmetic")
    func nanComparisons() throws {
        let o = fixture.order(.nan)
        #expect(try !Predicate(format: "total < 1").evaluate(with: o))
        #expect(try !Predicate(format: "total >= 1").evaluate(with: o))
        #expect(try !Predicate(format: "total BETWEEN {0, 1}").evaluate(with: o))
        #expect(try !Predicate(format: "total == %@", arguments: [.double(.nan)]).evaluate(with: o))
        #expect(try Predicate(format: "total != 1").evaluate(with: o))
    }

    @Test("host work is charged to the script's WorkBudget and stops when it is spent")
    func workBudget() throws {
        let budget = WorkBudget(limit: 1000, message: "the instruction limit of 1000 was reached (--instruction-limit)")
        WorkBudget.current = budget
        defer { WorkBudget.current = nil }
        let people = (0..<600).map { fixture.customer("c\($0)") }
        let request = FetchRequest(entityName: "Customer", predicate: try Predicate(format: "name BEGINSWITH 'c1'"))
        #expect(try request.apply(to: people).count == 111)
        #expect(budget.used == 600)
        #expect(budget.remaining == 400)
        #expect(WorkBudget(limit: 0, message: "").remaining == Int.max)
        #expect(errorMessage { try request.apply(to: people) } == "the instruction limit of 1000 was reached (--instruction-limit)")
        #expect(errorKind { try request.apply(to: people) } == .limitExceeded)
        #expect(budget.isExhausted)
        // A regular expression stops with the budget's message too.
        WorkBudget.current = WorkBudget(limit: 5_000, message: "budget spent")
        let a28 = fixture.customer(String(repeating: "a", count: 28))
        #expect(errorMessage { try evaluate("name MATCHES '(a+)+b'", a28) } == "budget spent")
        WorkBudget.current = nil
        #expect(try !evaluate("name MATCHES 'b'", a28))
    }

    @Test("CONTAINS is a linear search that agrees with a naive one; LIKE charges its steps")
    func substringSearch() throws {
        var state: UInt64 = 7
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let letters: [Unicode.Scalar] = ["a", "b", "c"]
        for _ in 0..<2000 {
            let hay = (0..<next(12)).map { _ in letters[next(2 + next(2))] }
            let needle = (0..<next(5)).map { _ in letters[next(2 + next(2))] }
            let naive = needle.isEmpty || (hay.count >= needle.count
                && (0...(hay.count - needle.count)).contains { hay[$0..<($0 + needle.count)].elementsEqual(needle) })
            #expect(PredicateEvaluator.contains(hay, needle) == naive, "\(hay) \(needle)")
        }
        let long = fixture.customer(String(repeating: "a", count: 200_000))
        #expect(try !evaluate("name CONTAINS '\(String(repeating: "a", count: 1000))b'", long))
        #expect(try evaluate("name CONTAINS 'aaa'", long))
        WorkBudget.current = WorkBudget(limit: 1000, message: "budget spent")
        defer { WorkBudget.current = nil }
        #expect(errorMessage { try evaluate("name LIKE '*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b'", long) } == "budget spent")
    }

    @Test("a key path of more than 100 keys is refused before it is followed")
    func keyPathLimit() throws {
        let ann = fixture.customer("Ann")
        fixture.order(1, customer: ann)
        let long = Array(repeating: "orders.customer", count: 60).joined(separator: ".") + ".name"
        #expect(errorMessage { try ann.value(forKeyPath: long) }
            == "The key path 'orders.customer.orders.customer.orders.customer.orders.custo…' has 121 keys; at most 100 are followed")
        #expect(errorKind { try ann.value(forKeyPath: long) } == .limitExceeded)
        let fine = Array(repeating: "orders.customer", count: 49).joined(separator: ".") + ".name"
        #expect(try ann.value(forKeyPath: fine) == .collection([.string("Ann")]))
    }
}
