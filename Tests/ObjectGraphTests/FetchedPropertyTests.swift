@testable import ObjectGraph
import Testing

/// Team ⟷ Player, with a fetched property `localPlayers` (players of the team's city, best first).
private func makeTeamContext(predicate: String = "city == $FETCH_SOURCE.city",
                             userInfo: [String: String] = [:]) throws -> ManagedObjectContext {
    let team = EntityDescription(name: "Team", attributes: [
        AttributeDescription(name: "name", type: .string),
        AttributeDescription(name: "city", type: .string),
    ])
    team.details.fetchedProperties = [.init(name: "localPlayers", entityName: "Player", predicateFormat: predicate,
                                            sortDescriptors: [SortDescriptor(key: "rating", ascending: false)],
                                            userInfo: userInfo)]
    let player = EntityDescription(name: "Player", attributes: [
        AttributeDescription(name: "name", type: .string),
        AttributeDescription(name: "city", type: .string),
        AttributeDescription(name: "rating", type: .integer),
    ])
    let model = try ManagedObjectModel(entities: [team, player])
    return PersistentContainer(model: model).viewContext
}

private func names(_ value: Value) throws -> [String] {
    guard case .collection(let items) = value else { return ["not a collection: \(value)"] }
    return try items.map { try #require($0.objectValue).value(forKey: "name").stringValue ?? "?" }
}

/// The model error building `entities` throws.
private func modelError(_ entities: [EntityDescription]) -> String? {
    do {
        _ = try ManagedObjectModel(entities: entities)
        return nil
    } catch let error as ObjectGraphError {
        return error.message
    } catch {
        return "\(error)"
    }
}

@Suite struct FetchedPropertyTests {
    @Test("evaluated at the first read, sorted, cached until the object is refreshed")
    func lazyAndStatic() throws {
        let ctx = try makeTeamContext()
        let team = try ctx.insertObject(entityName: "Team", values: [("name", .string("Lions")), ("city", .string("Oslo"))])
        _ = try ctx.insertObject(entityName: "Player", values: [("name", .string("Ada")), ("city", .string("Oslo")), ("rating", .integer(80))])
        _ = try ctx.insertObject(entityName: "Player", values: [("name", .string("Bo")), ("city", .string("Oslo")), ("rating", .integer(95))])
        try ctx.save()
        #expect(try names(team.value(forKey: "localPlayers")) == ["Bo", "Ada"])
        _ = try ctx.insertObject(entityName: "Player", values: [("name", .string("Cy")), ("city", .string("Oslo")), ("rating", .integer(99))])
        try ctx.save()
        #expect(try names(team.value(forKey: "localPlayers")) == ["Bo", "Ada"])          // not refreshed
        #expect(try names(team.value(forKeyPath: "localPlayers")) == ["Bo", "Ada"])
        try ctx.refresh(team, mergeChanges: true)
        #expect(try names(team.value(forKey: "localPlayers")) == ["Cy", "Bo", "Ada"])
        #expect(!team.isUpdated && !ctx.hasChanges && team.changedValues().isEmpty)
    }

    @Test("refreshAllObjects, a refresh into a fault and reset fetch again")
    func refreshes() throws {
        let ctx = try makeTeamContext()
        let team = try ctx.insertObject(entityName: "Team", values: [("name", .string("Lions")), ("city", .string("Oslo"))])
        try ctx.save()
        #expect(try names(team.value(forKey: "localPlayers")) == [])
        _ = try ctx.insertObject(entityName: "Player", values: [("name", .string("Ada")), ("city", .string("Oslo")), ("rating", .integer(80))])
        try ctx.refreshAllObjects()
        #expect(try names(team.value(forKey: "localPlayers")) == ["Ada"])
        _ = try ctx.insertObject(entityName: "Player", values: [("name", .string("Bo")), ("city", .string("Oslo")), ("rating", .integer(95))])
        try ctx.refresh(team, mergeChanges: false)
        #expect(try names(team.value(forKey: "localPlayers")) == ["Bo", "Ada"])
        try ctx.save()
        try ctx.reset()
        #expect(ctx.fetchedPropertyCache.isEmpty)
    }

    @Test("$FETCHED_PROPERTY.name and .userInfo.key are the description's values")
    func fetchedPropertyVariable() throws {
        let ctx = try makeTeamContext(predicate: "city == $FETCHED_PROPERTY.userInfo.city OR name == $FETCHED_PROPERTY.name",
                                      userInfo: ["city": "Rome"])
        let team = try ctx.insertObject(entityName: "Team", values: [("name", .string("Lions")), ("city", .string("Oslo"))])
        _ = try ctx.insertObject(entityName: "Player", values: [("name", .string("Ada")), ("city", .string("Rome")), ("rating", .integer(1))])
        _ = try ctx.insertObject(entityName: "Player", values: [("name", .string("localPlayers")), ("city", .string("Oslo")), ("rating", .integer(2))])
        _ = try ctx.insertObject(entityName: "Player", values: [("name", .string("Bo")), ("city", .string("Oslo")), ("rating", .integer(3))])
        #expect(try names(team.value(forKey: "localPlayers")) == ["localPlayers", "Ada"])
    }

    @Test("inherited by sub-entities")
    func inherited() throws {
        let base = EntityDescription(name: "Base", attributes: [AttributeDescription(name: "n", type: .integer)])
        base.details.fetchedProperties = [.init(name: "bigger", entityName: "Base", predicateFormat: "n > $FETCH_SOURCE.n",
                                                sortDescriptors: [SortDescriptor(key: "n", ascending: true)])]
        let sub = EntityDescription(name: "Sub", superentityName: "Base")
        let model = try ManagedObjectModel(entities: [base, sub])
        #expect(model.entity(named: "Sub")?.fetchedProperties.map(\.name) == ["bigger"])
        let ctx = PersistentContainer(model: model).viewContext
        let one = try ctx.insertObject(entityName: "Sub", values: [("n", .integer(1))])
        let two = try ctx.insertObject(entityName: "Base", values: [("n", .integer(2))])
        let three = try ctx.insertObject(entityName: "Sub", values: [("n", .integer(3))])
        #expect(try one.value(forKey: "bigger") == .collection([.object(two), .object(three)]))
    }

    @Test("bad fetched properties are refused when the model is built, naming the property")
    func badProperties() {
        func entity(_ property: EntityDetails.FetchedProperty) -> [EntityDescription] {
            let e = EntityDescription(name: "A", attributes: [AttributeDescription(name: "n", type: .string)])
            e.details.fetchedProperties = [property]
            return [e]
        }
        #expect(modelError(entity(.init(name: "n", entityName: "A", predicateFormat: nil)))
                == "fetched property A.n: entity A already has a property named 'n'")
        #expect(modelError(entity(.init(name: "x", entityName: "B", predicateFormat: nil)))
                == "fetched property A.x fetches an entity 'B' that the model does not have")
        #expect(modelError(entity(.init(name: "x", entityName: "A", predicateFormat: "n ==")))?
                    .hasPrefix("fetched property A.x: Unable to parse the format string \"n ==\"") == true)
        #expect(modelError(entity(.init(name: "x", entityName: "A", predicateFormat: "n == $FETCHED_PROPERTY")))
                == "fetched property A.x: $FETCHED_PROPERTY is the property's description; read $FETCHED_PROPERTY.name or $FETCHED_PROPERTY.userInfo.<key>")
        #expect(modelError(entity(.init(name: "x", entityName: "A", predicateFormat: nil,
                                        sortDescriptors: [SortDescriptor(key: "m", ascending: true)])))
                == "fetched property A.x: the sort key 'm' is not a key of entity A")
    }
}
