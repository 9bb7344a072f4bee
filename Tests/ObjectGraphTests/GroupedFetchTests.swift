import Testing
@testable import ObjectGraph

/// Dictionary fetches with expression descriptions, propertiesToGroupBy, havingPredicate and
/// returnsDistinctResults (the Lua side is scenario 200).
@Suite struct GroupedFetchTests {
    func makeContext() throws -> ManagedObjectContext {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(name: "Shop", attributes: [.init(name: "name", type: .string)],
                              relationships: [.init(name: "sales", destination: "Sale", inverse: "shop", isToMany: true)]),
            EntityDescription(name: "Sale", attributes: [.init(name: "amount", type: .integer, isOptional: true)],
                              relationships: [.init(name: "shop", destination: "Shop", inverse: "sales")]),
        ])
        let ctx = PersistentContainer(model: model).viewContext
        let a = try ctx.insertObject(entityName: "Shop", values: ["name": .string("A")])
        let b = try ctx.insertObject(entityName: "Shop", values: ["name": .string("B")])
        for (amount, shop) in [(Int64(3), a), (4, a), (Int64.max, b), (1, b)] {
            _ = try ctx.insertObject(entityName: "Sale", values: ["amount": .integer(amount), "shop": .object(shop)])
        }
        _ = try ctx.insertObject(entityName: "Sale", values: ["shop": .object(a)])
        try ctx.save()
        return ctx
    }

    func rows(_ ctx: ManagedObjectContext, _ request: FetchRequest) throws -> [[String: Value]] {
        guard case .dictionaries(let rows) = try ctx.execute(request) else { Issue.record("dictionaries expected"); return [] }
        return rows
    }

    @Test("expression forms: collection operators and function expressions parse to the same description")
    func expressionForms() throws {
        for (text, function) in [("@sum.amount", ExpressionDescription.Function.sum), ("sum:(amount)", .sum),
                                 ("@avg.amount", .average), ("average:( amount )", .average), ("@count.amount", .count),
                                 ("min:(shop.name)", .min), ("@max.amount", .max)] {
            let e = try ExpressionDescription(name: "x", expression: text)
            #expect(e.function == function)
            #expect(e.expressionFormat.hasPrefix(function.rawValue + ":("))
        }
        #expect(try ExpressionDescription(name: "x", expression: "shop.name").function == nil)
        #expect(throws: ObjectGraphError.self) { try ExpressionDescription(name: "x", expression: "@median.amount") }
        #expect(throws: ObjectGraphError.self) { try ExpressionDescription(name: "x", expression: "sum:amount") }
        #expect(throws: ObjectGraphError.self) { try ExpressionDescription(name: "", expression: "amount") }
    }

    @Test("grouped counts and averages; nil left out; having on a $variable")
    func grouped() throws {
        let ctx = try makeContext()
        var request = FetchRequest(entityName: "Sale")
        request.resultType = .dictionaryResultType
        request.propertiesToFetch = ["shop.name",
            .expression(try ExpressionDescription(name: "n", expression: "count:(amount)")),
            .expression(try ExpressionDescription(name: "low", expression: "@min.amount"))]
        request.propertiesToGroupBy = ["shop.name"]
        #expect(try rows(ctx, request).map { $0["n"] } == [.integer(2), .integer(2)])
        #expect(try rows(ctx, request).map { $0["low"] } == [.integer(3), .integer(1)])
        request.havingPredicate = try Predicate(format: "$low < 2")
        #expect(try rows(ctx, request).map { $0["shop.name"] } == [.string("B")])
    }

    @Test("an integer sum past 64 bits is SQLite's integer overflow, and the context is unchanged")
    func overflow() throws {
        let ctx = try makeContext()
        var request = FetchRequest(entityName: "Sale")
        request.resultType = .dictionaryResultType
        request.propertiesToFetch = [.expression(try ExpressionDescription(name: "t", expression: "@sum.amount"))]
        #expect(throws: ObjectGraphError.self) { try ctx.execute(request) }
        request.predicate = try Predicate(format: "shop.name == 'A'")
        #expect(try rows(ctx, request) == [["t": .integer(7)]])
        #expect(!ctx.hasChanges)
    }

    @Test("aggregate: nil values left out; empty sums nil, empty counts 0")
    func aggregateNulls() throws {
        #expect(try ManagedObjectContext.aggregate(.sum, [.null, .null]) == .null)
        #expect(try ManagedObjectContext.aggregate(.count, [.null]) == .integer(0))
        #expect(try ManagedObjectContext.aggregate(.average, [.integer(1), .null, .integer(2)]) == .double(1.5))
        #expect(try ManagedObjectContext.aggregate(.max, [.string("a"), .null, .string("b")]) == .string("b"))
        #expect(try ManagedObjectContext.aggregate(.sum, [.integer(1), .double(0.5)]) == .double(1.5))
    }

    @Test("distinct keeps first occurrences in order")
    func distinct() {
        let rows: [[String: Value]] = [["a": .integer(1)], [:], ["a": .integer(1)], ["a": .double(1)], [:]]
        #expect(ManagedObjectContext.distinct(rows) == [["a": .integer(1)], [:]])
    }
}
