@testable import ObjectGraph
import Testing

/// Person (abstract) ← Employee ← Manager, Person ← Contractor; Pet.owner → Person.
private func makeModel() throws -> ManagedObjectModel {
    try ManagedObjectModel(entities: [
        EntityDescription(name: "Person", attributes: [.init(name: "name", type: .string, isOptional: true)],
                          relationships: [.init(name: "pets", destination: "Pet", inverse: "owner", isToMany: true)],
                          isAbstract: true),
        EntityDescription(name: "Employee", attributes: [.init(name: "salary", type: .integer, isOptional: true)],
                          superentityName: "Person"),
        EntityDescription(name: "Manager", attributes: [.init(name: "reports", type: .integer, isOptional: true)],
                          superentityName: "Employee"),
        EntityDescription(name: "Contractor", superentityName: "Person"),
        EntityDescription(name: "Pet", attributes: [.init(name: "name", type: .string, isOptional: true)],
                          relationships: [.init(name: "owner", destination: "Person", inverse: "pets"),
                                          .init(name: "boss", destination: "Manager")]),
    ])
}

@Suite struct EntityInheritanceTests {
    @Test("a sub-entity has its parent's properties first, at the parent's indexes")
    func propertiesInherited() throws {
        let model = try makeModel()
        let manager = try #require(model.entity(named: "Manager"))
        let person = try #require(model.entity(named: "Person"))
        #expect(manager.propertyNames == ["name", "salary", "reports", "pets"])
        #expect(manager.declaredAttributes.map(\.name) == ["reports"])
        #expect(manager.slots["name"] == person.slots["name"] && manager.slots["pets"] == person.slots["pets"])
        #expect(manager.superentity?.name == "Employee")
        #expect(person.subentities.map(\.name) == ["Contractor", "Employee"])
        #expect(person.selfAndDescendants.map(\.name) == ["Person", "Contractor", "Employee", "Manager"])
        #expect(manager.isKind(of: person) && !person.isKind(of: manager))
        #expect(manager.isKind(ofEntityNamed: "Employee"))
    }

    @Test("fetches through a parent, includesSubentities, entity in predicates")
    func fetching() throws {
        let ctx = PersistentContainer(model: try makeModel()).viewContext
        try ctx.insertObject(entityName: "Employee", values: [("name", .string("Bo"))])
        try ctx.insertObject(entityName: "Manager", values: [("name", .string("Al"))])
        try ctx.insertObject(entityName: "Contractor", values: [("name", .string("Cy"))])
        try ctx.save()
        func names(_ request: FetchRequest) throws -> [String] {
            var r = request
            r.sortDescriptors = [SortDescriptor(key: "name")]
            return try ctx.fetch(r).map { try $0.value(forKey: "name").description }
        }
        #expect(try names(FetchRequest(entityName: "Person")) == ["\"Al\"", "\"Bo\"", "\"Cy\""])
        #expect(try names(FetchRequest(entityName: "Employee")) == ["\"Al\"", "\"Bo\""])
        var own = FetchRequest(entityName: "Employee")
        own.includesSubentities = false
        #expect(try names(own) == ["\"Bo\""])
        let byEntity = FetchRequest(entityName: "Person", predicate: try Predicate(format: "entity == %@", arguments: [.string("Contractor")]))
        #expect(try names(byEntity) == ["\"Cy\""])
        let byName = FetchRequest(entityName: "Person", predicate: try Predicate(format: "entity.name BEGINSWITH 'M'"))
        #expect(try names(byName) == ["\"Al\""])
    }

    @Test("inserting an abstract entity fails with nothing inserted")
    func abstractInsert() throws {
        let ctx = PersistentContainer(model: try makeModel()).viewContext
        let error = #expect(throws: ObjectGraphError.self) { try ctx.insertObject(entityName: "Person") }
        #expect(error?.message == "Cannot create an instance of abstract entity Person; insert one of its sub-entities (Contractor, Employee)")
        #expect(ctx.insertedObjects.isEmpty && !ctx.hasChanges)
    }

    @Test("a relationship to a parent takes sub-entity objects; a wrong entity is refused and changes nothing")
    func relationships() throws {
        let ctx = PersistentContainer(model: try makeModel()).viewContext
        let al = try ctx.insertObject(entityName: "Manager", values: [("name", .string("Al"))])
        let cy = try ctx.insertObject(entityName: "Contractor", values: [("name", .string("Cy"))])
        let rex = try ctx.insertObject(entityName: "Pet", values: [("owner", .object(al))])
        #expect(try al.value(forKey: "pets") == .collection([.object(rex)]))
        let error = #expect(throws: ObjectGraphError.self) { try rex.setValue(.object(cy), forKey: "boss") }
        #expect(error?.message == "Unacceptable type of value for to-one relationship: property = \"boss\"; desired type = Manager; given type = Contractor; value = Contractor#1.")
        #expect(try rex.value(forKey: "boss") == .null)
        try rex.setValue(.object(cy), forKey: "owner")
        #expect(try al.value(forKey: "pets") == .collection([]))
        #expect(try cy.value(forKey: "pets") == .collection([.object(rex)]))
    }

    @Test("models with a redeclared inherited key, an unknown parent or a cycle are refused")
    func badModels() {
        func message(_ entities: [EntityDescription]) -> String? {
            do { _ = try ManagedObjectModel(entities: entities); return nil } catch let e as ObjectGraphError { return e.message } catch { return "\(error)" }
        }
        #expect(message([EntityDescription(name: "A", superentityName: "B"), EntityDescription(name: "B", superentityName: "A")])
                == "entity A is its own ancestor: a cycle of parent entities (A → B → A)")
        #expect(message([EntityDescription(name: "A", superentityName: "Z")])
                == "entity A names a parent entity 'Z' that the model does not have")
        #expect(message([EntityDescription(name: "A", attributes: [.init(name: "x", type: .string)]),
                         EntityDescription(name: "B", attributes: [.init(name: "x", type: .integer)], superentityName: "A")])
                == "entity B declares the key 'x' that it inherits from its parent entity A")
    }
}
