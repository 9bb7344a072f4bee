import Testing
@testable import ObjectGraph

/// SQL's three-valued logic (``Predicate/evaluateAsSQL(with:substitutionVariables:)``) beside in-memory
/// evaluation; the fetch-level behaviour of SQLite and in-memory stores is scenario 250.
@Suite struct SQLPredicateEvaluationTests {
    func makeObjects() throws -> (named: ManagedObject, nameless: ManagedObject) {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(name: "Customer", attributes: [.init(name: "name", type: .string, isOptional: true),
                                                             .init(name: "score", type: .integer, isOptional: true)]),
        ])
        let ctx = PersistentContainer(model: model).viewContext
        let named = try ctx.insertObject(entityName: "Customer", values: ["name": .string("Ann"), "score": .integer(3)])
        let nameless = try ctx.insertObject(entityName: "Customer", values: ["score": .integer(4)])
        return (named, nameless)
    }

    @Test("a comparison with nil is unknown in SQL; NOT of unknown is unknown; IS NULL keeps its meaning")
    func threeValuedLogic() throws {
        let (named, nameless) = try makeObjects()
        // (format, in memory on the nameless object, SQL on the nameless object)
        let cases: [(String, Bool, Bool)] = [
            ("name != 'Ann'", true, false), ("NOT (name == 'Ann')", true, false), ("NOT (name IN {'Ann'})", true, false),
            ("name == 'Ann'", false, false), ("name == nil", true, true), ("name != nil", false, false),
            ("NOT (name != nil)", true, true), ("name != 'Ann' OR score == 4", true, true),
            ("name != 'Ann' AND score == 4", true, false), ("NOT (name == 'Ann' AND score == 3)", true, true),
            ("NOT (name == 'Ann' OR score == 3)", true, false), ("name == $N", true, true),
        ]
        for (format, memory, sql) in cases {
            let p = try Predicate(format: format)
            let bindings: [String: Value] = ["N": .null]
            #expect(try p.evaluate(with: nameless, substitutionVariables: bindings) == memory, "\(format)")
            #expect(try p.evaluateAsSQL(with: nameless, substitutionVariables: bindings) == sql, "\(format)")
            // On an object without nil values the two agree.
            #expect(try p.evaluate(with: named, substitutionVariables: bindings)
                    == p.evaluateAsSQL(with: named, substitutionVariables: bindings), "\(format)")
        }
    }

    @Test("a block predicate is found anywhere in a compound")
    func containsBlock() throws {
        let block = Predicate { _, _ in true }
        #expect(block.containsBlock)
        #expect(Predicate(node: .not(.and([.constant(true), block.node]))).containsBlock)
        #expect(try !Predicate(format: "name == 'Ann'").containsBlock)
    }
}
