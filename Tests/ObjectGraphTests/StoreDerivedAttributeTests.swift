@testable import ObjectGraph
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// List ⟷ Item with derived attributes computed at save.
private func makeListModel() throws -> ManagedObjectModel {
    var count = AttributeDescription(name: "count", type: .integer, isOptional: true)
    count.details.derivationExpression = "items.@count"
    var total = AttributeDescription(name: "total", type: .double, isOptional: true)
    total.details.derivationExpression = "items.@sum.price"
    var search = AttributeDescription(name: "search", type: .string, isOptional: true)
    search.details.derivationExpression = "lowercase:(title)"
    let list = EntityDescription(name: "List", attributes: [AttributeDescription(name: "title", type: .string), count, total, search],
                                 relationships: [RelationshipDescription(name: "items", destination: "Item", inverse: "list", isToMany: true)])
    var listTitle = AttributeDescription(name: "listTitle", type: .string, isOptional: true)
    listTitle.details.derivationExpression = "list.title"
    let item = EntityDescription(name: "Item", attributes: [AttributeDescription(name: "price", type: .double), listTitle],
                                 relationships: [RelationshipDescription(name: "list", destination: "List", inverse: "items")])
    return try ManagedObjectModel(entities: [list, item])
}

private func modelError(_ expression: String) -> String? {
    var d = AttributeDescription(name: "d", type: .string, isOptional: true)
    d.details.derivationExpression = expression
    let a = EntityDescription(name: "A", attributes: [AttributeDescription(name: "n", type: .string), d],
                              relationships: [RelationshipDescription(name: "bs", destination: "B", inverse: "a", isToMany: true),
                                              RelationshipDescription(name: "one", destination: "B")])
    let b = EntityDescription(name: "B", attributes: [AttributeDescription(name: "x", type: .double)],
                              relationships: [RelationshipDescription(name: "a", destination: "A", inverse: "bs")])
    do {
        _ = try ManagedObjectModel(entities: [a, b])
        return nil
    } catch let error as ObjectGraphError {
        return error.message
    } catch {
        return "\(error)"
    }
}

@Suite struct StoreDerivedAttributeTests {
    @Test("computed when the context saves, not before; written to the store")
    func computedAtSave() throws {
        let model = try makeListModel()
        let path = "/tmp/ripple-store-derived-\(getpid()).sqlite"
        unlink(path)
        defer { unlink(path) }
        let ctx = PersistentContainer(model: model, store: try PersistentStore(sqlitePath: path, model: model)).viewContext
        let list = try ctx.insertObject(entityName: "List", values: [("title", .string("Food"))])
        let milk = try ctx.insertObject(entityName: "Item", values: [("price", .double(1.5)), ("list", .object(list))])
        #expect(try list.value(forKey: "count") == .null)
        try ctx.save()
        #expect(try list.value(forKey: "count") == .integer(1))
        #expect(try list.value(forKey: "total") == .double(1.5))
        #expect(try list.value(forKey: "search") == .string("food"))
        #expect(try milk.value(forKey: "listTitle") == .string("Food"))
        #expect(!ctx.hasChanges)
        // The item's price changes: its list is recomputed at the next save.
        try milk.setValue(.double(4), forKey: "price")
        try list.setValue(.string("Drinks"), forKey: "title")
        #expect(try list.value(forKey: "total") == .double(1.5))
        try ctx.save()
        #expect(try list.value(forKey: "total") == .double(4))
        #expect(try milk.value(forKey: "listTitle") == .string("Drinks"))
        let reloaded = PersistentContainer(model: model, store: try PersistentStore(sqlitePath: path, model: model)).viewContext
        let again = try #require(try reloaded.fetch(FetchRequest(entityName: "List")).first)
        #expect(try again.value(forKey: "total") == .double(4))
        #expect(try again.value(forKey: "search") == .string("drinks"))
    }

    @Test("read-only: setting one, or inserting with one, is refused and changes nothing")
    func readOnly() throws {
        let ctx = PersistentContainer(model: try makeListModel()).viewContext
        let list = try ctx.insertObject(entityName: "List", values: [("title", .string("a"))])
        #expect(throws: ObjectGraphError.self) { try list.setValue(.integer(3), forKey: "count") }
        #expect(throws: ObjectGraphError.self) {
            try ctx.insertObject(entityName: "List", values: [("title", .string("b")), ("count", .integer(1))])
        }
        #expect(ctx.insertedObjects.count == 1)
        #expect(try list.value(forKey: "count") == .null)
        #expect(list.setAttributeIfPlain(.integer(3), at: 1) == false)
    }

    @Test("expressions are checked when the model is built")
    func checked() {
        #expect(modelError("n") == nil)
        #expect(modelError("canonical:(n)") == nil)
        #expect(modelError("bs.@count") == nil)
        #expect(modelError("bs.@sum.x") == nil)
        #expect(modelError("one.x") == nil)
        #expect(modelError("now()") == "derived attribute A.d: now() is not simulated (Ripple has no clock); use an attribute the app sets in willSave")
        #expect(modelError("bs.@sum.n")?.hasSuffix("entity B has no number attribute 'n' to sum") == true)
        #expect(modelError("bs.@max.x")?.hasPrefix("derived attribute A.d: 'bs.@max.x' is not a derivation expression Core Data supports") == true)
        #expect(modelError("lowercase:(bs.@count)")?.hasPrefix("derived attribute A.d: 'lowercase:(bs.@count)' is not a derivation") == true)
        #expect(modelError("n.x") == "derived attribute A.d: 'n.x' goes on after the attribute 'n' of entity A")
        #expect(modelError("d") == "derived attribute A.d: 'd' derives the attribute from itself")
        #expect(modelError("one.a.bs.@count")?.contains("is not a derivation expression Core Data supports") == true)
    }
}
