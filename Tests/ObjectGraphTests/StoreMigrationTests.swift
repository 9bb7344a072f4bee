@testable import ObjectGraph
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// An attribute with Xcode's renaming identifier.
private func renamed(_ a: AttributeDescription, from old: String) -> AttributeDescription {
    var a = a
    a.details.element.renamingIdentifier = old
    return a
}

/// Version 1: Person (name, age) ←→> Car (plate).
private func version1() throws -> ManagedObjectModel {
    try ManagedObjectModel(entities: [
        EntityDescription(name: "Person", attributes: [
            AttributeDescription(name: "name", type: .string),
            AttributeDescription(name: "age", type: .integer, isOptional: true),
        ], relationships: [RelationshipDescription(name: "cars", destination: "Car", inverse: "owner", isToMany: true)]),
        EntityDescription(name: "Car", attributes: [AttributeDescription(name: "plate", type: .string, isOptional: true)],
                          relationships: [RelationshipDescription(name: "owner", destination: "Person", inverse: "cars")]),
    ])
}

/// Version 2: Person renamed Human, name renamed fullName, age removed, nickname (optional) and email
/// (required, default "none") added; a new entity Garage.
private func version2() throws -> ManagedObjectModel {
    let human = EntityDescription(name: "Human", attributes: [
        renamed(AttributeDescription(name: "fullName", type: .string), from: "name"),
        AttributeDescription(name: "nickname", type: .string, isOptional: true),
        AttributeDescription(name: "email", type: .string, defaultValue: .string("none")),
    ], relationships: [RelationshipDescription(name: "cars", destination: "Car", inverse: "owner", isToMany: true)])
    human.details.element.renamingIdentifier = "Person"
    return try ManagedObjectModel(entities: [
        human,
        EntityDescription(name: "Car", attributes: [AttributeDescription(name: "plate", type: .string, isOptional: true)],
                          relationships: [RelationshipDescription(name: "owner", destination: "Human", inverse: "cars")]),
        EntityDescription(name: "Garage", attributes: [AttributeDescription(name: "city", type: .string, isOptional: true)]),
    ])
}

/// Version 3: version 2 with fullName renamed again (the renaming identifier still names version 1's
/// attribute), a sub-entity Truck of Car, and Garage gone.
private func version3() throws -> ManagedObjectModel {
    let human = EntityDescription(name: "Human", attributes: [
        renamed(AttributeDescription(name: "displayName", type: .string), from: "name"),
        AttributeDescription(name: "nickname", type: .string, isOptional: true),
        AttributeDescription(name: "email", type: .string, defaultValue: .string("none")),
    ], relationships: [RelationshipDescription(name: "cars", destination: "Car", inverse: "owner", isToMany: true)])
    human.details.element.renamingIdentifier = "Person"
    return try ManagedObjectModel(entities: [
        human,
        EntityDescription(name: "Car", attributes: [AttributeDescription(name: "plate", type: .string, isOptional: true)],
                          relationships: [RelationshipDescription(name: "owner", destination: "Human", inverse: "cars")]),
        EntityDescription(name: "Truck", attributes: [AttributeDescription(name: "load", type: .double, isOptional: true)],
                          superentityName: "Car"),
    ])
}

/// A version-1 store with Ann (2 cars) and Bob (none).
private func makeVersion1Store(_ name: String) throws -> String {
    let path = freshStorePath("migration-" + name)
    unlink(path + "-migration")
    let ctx = try storeContext(try version1(), path)
    let ann = try ctx.insertObject(entityName: "Person", values: [("name", .string("Ann")), ("age", .integer(40))])
    _ = try ctx.insertObject(entityName: "Person", values: [("name", .string("Bob"))])
    let a = try ctx.insertObject(entityName: "Car", values: [("plate", .string("A-1"))])
    let b = try ctx.insertObject(entityName: "Car", values: [("plate", .string("B-2"))])
    try ann.setValue(.collection([.object(a), .object(b)]), forKey: "cars")
    try ctx.save()
    return path
}

private func id(_ entity: String, _ n: Int) -> ManagedObjectID { ManagedObjectID(entityName: entity, number: n, isTemporaryID: false) }

@Suite struct StoreMigrationTests {
    @Test("version hashes change with what is persisted, not with renaming identifiers or user info")
    func versionHashes() throws {
        let base = AttributeDescription(name: "name", type: .string)
        var optional = base; optional.isOptional = true
        var retyped = base; retyped.type = .uri
        var modified = base; modified.details.element.versionHashModifier = "2"
        var userInfo = base; userInfo.details.element.userInfo = [("key", "value")]; userInfo.maxLength = 4
        let hash = ModelVersionHash.attribute(base)
        #expect(hash.count == 32)
        #expect(ModelVersionHash.attribute(renamed(base, from: "title")) == hash)
        #expect(ModelVersionHash.attribute(userInfo) == hash)
        for other in [optional, retyped, modified] { #expect(ModelVersionHash.attribute(other) != hash) }
        // A transient attribute is not part of the entity's hash; an abstract flag is.
        let plain = try ManagedObjectModel(entities: [EntityDescription(name: "E", attributes: [base])]).entities[0]
        let transient = try ManagedObjectModel(entities: [EntityDescription(name: "E", attributes: [
            base, AttributeDescription(name: "cache", type: .string, isTransient: true)])]).entities[0]
        let abstract = try ManagedObjectModel(entities: [EntityDescription(name: "E", attributes: [base], isAbstract: true)]).entities[0]
        #expect(ModelVersionHash.entity(transient) == ModelVersionHash.entity(plain))
        #expect(ModelVersionHash.entity(abstract) != ModelVersionHash.entity(plain))
        // A to-one and a to-many differ; so do two destinations.
        let toOne = RelationshipDescription(name: "r", destination: "A")
        var toMany = toOne; toMany.isToMany = true
        var elsewhere = toOne; elsewhere.destinationEntityName = "B"
        #expect(Set([ModelVersionHash.relationship(toOne), ModelVersionHash.relationship(toMany),
                     ModelVersionHash.relationship(elsewhere)]).count == 3)
    }

    @Test("the inferred mapping of version 1 to 2: renames, added and removed attributes, a new entity")
    func inferredMapping() throws {
        let mapping = try MappingModel.inferred(source: try version1(), destination: try version2())
        #expect(mapping.entityMappings.map(\.name) == ["CarToCar", "AddGarage", "PersonToHuman"])
        #expect(mapping.entityMappings.map(\.mappingType) == [.transform, .add, .transform])
        let human = try #require(mapping.mapping(destination: "Human"))
        #expect(human.attributeMappings == [.init(name: "fullName", sourceName: "name"), .init(name: "nickname", sourceName: nil),
                                            .init(name: "email", sourceName: nil)])
        let v3 = try MappingModel.inferred(source: try version2(), destination: try version3())
        #expect(v3.entityMappings.map(\.name) == ["CarToCar", "HumanToHuman", "AddTruck", "RemoveGarage"])
        #expect(v3.mapping(destination: "Human")?.attributeMappings.first == .init(name: "displayName", sourceName: "fullName"))
    }

    @Test("a version-1 store opened with version 2 migrates: numbers, values, relationships, UUID and app metadata kept")
    func migratesOneVersion() throws {
        let path = try makeVersion1Store("one")
        defer { unlink(path) }
        let before = try PersistentStore(sqlitePath: path, model: try version1())
        try before.setMetadata(before.metadata.merging(["AppRevision": .integer(7)]) { $1 })
        let uuid = before.metadata["NSStoreUUID"]
        before.close()
        let v2 = try version2()
        let store = try PersistentStore(sqlitePath: path, model: v2, migration: StoreMigrationOptions(sourceModels: [try version1()]))
        #expect(store.objectIDs(entityName: "Human").map(\.number) == [1, 2])
        #expect(store.row(for: id("Human", 1))?.attributes == [.string("Ann"), .null, .string("none")])
        #expect(store.row(for: id("Human", 2))?.attributes == [.string("Bob"), .null, .string("none")])
        #expect(store.row(for: id("Human", 1))?.toMany[0] == [id("Car", 1), id("Car", 2)])
        #expect(store.row(for: id("Car", 2))?.toOne[0] == id("Human", 1))
        #expect(store.metadata["NSStoreUUID"] == uuid)
        #expect(store.metadata["AppRevision"] == .integer(7))
        guard case .dictionary(let hashes)? = store.metadata["NSStoreModelVersionHashes"] else { Issue.record("no hashes"); return }
        #expect(ModelVersionHash.model(v2, matches: hashes))
        // Numbering goes on after the old file's Z_MAX; no temporary file is left.
        #expect(store.largestNumber(entityName: "Human") == 2)
        #expect(access(path + "-migration", F_OK) != 0)
        store.close()
        // The migrated file opens with version 2 without migrating, and no longer with version 1.
        _ = try PersistentStore(sqlitePath: path, model: v2)
        #expect(throws: ObjectGraphError.self) { try PersistentStore(sqlitePath: path, model: try version1()) }
    }

    @Test("a store two versions old migrates to the current version in one step")
    func migratesTwoVersions() throws {
        let path = try makeVersion1Store("two")
        defer { unlink(path) }
        let options = StoreMigrationOptions(sourceModels: [try version1(), try version2()])
        let store = try PersistentStore(sqlitePath: path, model: try version3(), migration: options)
        #expect(store.row(for: id("Human", 1))?.attributes == [.string("Ann"), .null, .string("none")])
        #expect(store.objectIDs(entityName: "Car").map(\.number) == [1, 2])
        #expect(store.count(entityName: "Truck") == 0)
    }

    @Test("a change Core Data cannot infer fails with 134140 naming it; the file unchanged")
    func notInferable() throws {
        let path = try makeVersion1Store("retyped")
        defer { unlink(path) }
        let bytes = fileBytes(path)
        let retyped = try ManagedObjectModel(entities: [
            EntityDescription(name: "Person", attributes: [
                AttributeDescription(name: "name", type: .string),
                AttributeDescription(name: "age", type: .string, isOptional: true),
            ], relationships: [RelationshipDescription(name: "cars", destination: "Car", inverse: "owner", isToMany: true)]),
            EntityDescription(name: "Car", attributes: [AttributeDescription(name: "plate", type: .string, isOptional: true)],
                              relationships: [RelationshipDescription(name: "owner", destination: "Person", inverse: "cars")]),
        ])
        let error = try #require(throws: ObjectGraphError.self) {
            try PersistentStore(sqlitePath: path, model: retyped, migration: StoreMigrationOptions(sourceModels: [try version1()]))
        }
        #expect(error.code == 134140)
        #expect(error.message == "Error Domain=NSCocoaErrorDomain Code=134140 \"Persistent store migration failed, missing mapping model.\" UserInfo={reason=Can't find mapping model for migration: attribute Person.age is of type string, its source Person.age of type integer; Core Data does not infer a change of attribute type}")
        #expect(fileBytes(path) == bytes)
        #expect(access(path + "-migration", F_OK) != 0)
    }

    @Test("a required attribute added without a default fails with 134110 when objects exist; the file unchanged")
    func requiredWithoutDefault() throws {
        let path = try makeVersion1Store("required")
        defer { unlink(path) }
        let bytes = fileBytes(path)
        let v1 = try version1()
        let stricter = try ManagedObjectModel(entities: [
            EntityDescription(name: "Person", attributes: [
                AttributeDescription(name: "name", type: .string),
                AttributeDescription(name: "age", type: .integer, isOptional: true),
                AttributeDescription(name: "email", type: .string),
            ], relationships: [RelationshipDescription(name: "cars", destination: "Car", inverse: "owner", isToMany: true)]),
            EntityDescription(name: "Car", attributes: [AttributeDescription(name: "plate", type: .string, isOptional: true)],
                              relationships: [RelationshipDescription(name: "owner", destination: "Person", inverse: "cars")]),
        ])
        let error = try #require(throws: ObjectGraphError.self) {
            try PersistentStore(sqlitePath: path, model: stricter, migration: StoreMigrationOptions(sourceModels: [v1]))
        }
        #expect(error.message == "Error Domain=NSCocoaErrorDomain Code=134110 \"An error occurred during persistent store migration.\" UserInfo={entity=Person, attribute=email, reason=Validation error missing attribute values on mandatory destination attribute}")
        #expect(fileBytes(path) == bytes)
        // Without migration, or without inference, or without the source model: 134100, 134140, 134130.
        #expect((try? PersistentStore(sqlitePath: path, model: stricter)) == nil)
        let off = try #require(throws: ObjectGraphError.self) {
            try PersistentStore(sqlitePath: path, model: stricter,
                                migration: StoreMigrationOptions(infersMappingModelAutomatically: false, sourceModels: [v1]))
        }
        #expect(off.code == 134140)
        let missing = try #require(throws: ObjectGraphError.self) {
            try PersistentStore(sqlitePath: path, model: stricter, migration: StoreMigrationOptions(sourceModels: []))
        }
        #expect(missing.code == 134130)
        #expect(missing.message.contains("reason=Can't find model for source store"))
        #expect(fileBytes(path) == bytes)
    }

    @Test("a to-one become a to-many keeps its destination; the reverse is not inferred")
    func toOneToMany() throws {
        func model(_ toMany: Bool) throws -> ManagedObjectModel {
            try ManagedObjectModel(entities: [
                EntityDescription(name: "Note", attributes: [AttributeDescription(name: "text", type: .string, isOptional: true)],
                                  relationships: [RelationshipDescription(name: "tag", destination: "Tag", isToMany: toMany)]),
                EntityDescription(name: "Tag", attributes: [AttributeDescription(name: "label", type: .string, isOptional: true)]),
            ])
        }
        let path = freshStorePath("migration-tomany")
        defer { unlink(path) }
        let ctx = try storeContext(try model(false), path)
        let note = try ctx.insertObject(entityName: "Note", values: [("text", .string("n"))])
        let tag = try ctx.insertObject(entityName: "Tag", values: [("label", .string("t"))])
        try note.setValue(.object(tag), forKey: "tag")
        try ctx.save()
        let store = try PersistentStore(sqlitePath: path, model: try model(true), migration: StoreMigrationOptions(sourceModels: [try model(false)]))
        #expect(store.row(for: id("Note", 1))?.toMany[0] == [id("Tag", 1)])
        store.close()
        let error = try #require(throws: ObjectGraphError.self) {
            try MappingModel.inferred(source: try model(true), destination: try model(false))
        }
        #expect(error.message.hasSuffix("reason=Can't find mapping model for migration: relationship Note.tag is a to-one, its source Note.tag a to-many; Core Data infers a to-one become a to-many, not the reverse}"))
    }

    @Test("hierarchies, destinations and kinds of property that Core Data cannot infer: 134140 naming them")
    func otherNotInferable() throws {
        func reason(_ source: [EntityDescription], _ destination: [EntityDescription]) throws -> String {
            let error = try #require(throws: ObjectGraphError.self) {
                try MappingModel.inferred(source: try ManagedObjectModel(entities: source), destination: try ManagedObjectModel(entities: destination))
            }
            #expect(error.code == 134140)
            return String(error.message.split(separator: "reason=Can't find mapping model for migration: ", maxSplits: 1).last ?? "").dropLast().description
        }
        let name = AttributeDescription(name: "name", type: .string, isOptional: true)
        // Two roots under a new common parent: Core Data cannot merge hierarchies.
        #expect(try reason([EntityDescription(name: "Car", attributes: [name]), EntityDescription(name: "Boat", attributes: [name])],
                           [EntityDescription(name: "Vehicle", attributes: [name], isAbstract: true),
                            EntityDescription(name: "Car", superentityName: "Vehicle"), EntityDescription(name: "Boat", superentityName: "Vehicle")])
                == "entities Boat and Car share the hierarchy of Vehicle, but their source entities Boat and Car did not (Core Data cannot merge entity hierarchies)")
        // A relationship that points elsewhere, an attribute become a relationship.
        let a = EntityDescription(name: "A", relationships: [RelationshipDescription(name: "r", destination: "B")])
        #expect(try reason([a, EntityDescription(name: "B"), EntityDescription(name: "C")],
                           [EntityDescription(name: "A", relationships: [RelationshipDescription(name: "r", destination: "C")]),
                            EntityDescription(name: "B"), EntityDescription(name: "C")])
                == "relationship A.r points at C, its source A.r at B")
        #expect(try reason([EntityDescription(name: "A", attributes: [AttributeDescription(name: "r", type: .string, isOptional: true)]), EntityDescription(name: "B")],
                           [a, EntityDescription(name: "B")])
                == "relationship A.r was the attribute A.r")
        // Two destination entities renamed from one source entity.
        let first = EntityDescription(name: "X", attributes: [name])
        first.details.element.renamingIdentifier = "A"
        let second = EntityDescription(name: "Y", attributes: [name])
        second.details.element.renamingIdentifier = "A"
        #expect(try reason([EntityDescription(name: "A", attributes: [name])], [first, second]) == "entities X and Y both take their objects from A")
        // Moving an entity out of its hierarchy is inferred.
        let moved = try MappingModel.inferred(
            source: try ManagedObjectModel(entities: [EntityDescription(name: "Car", attributes: [name]), EntityDescription(name: "Truck", superentityName: "Car")]),
            destination: try ManagedObjectModel(entities: [EntityDescription(name: "Car", attributes: [name]), EntityDescription(name: "Truck", attributes: [name])]))
        #expect(moved.entityMappings.map(\.name) == ["CarToCar", "TruckToTruck"])
    }

    @Test("JSQCoreDataKit's ExampleModel: a Version 1 store migrates to Version 2 and to Version 3")
    func realModels() throws {
        let bundle = packageRootForMigration + "/Tests/Fixtures/Models/ExampleModel.xcdatamodeld"
        let versions = try ["Version 1", "Version 2", "Version 3"].map { try XcodeModelReader.load(path: bundle, version: $0).model }
        for target in [1, 2] {
            let path = freshStorePath("migration-jsq-\(target)")
            defer { unlink(path) }
            let ctx = try storeContext(versions[0], path)
            _ = try ctx.insertObject(entityName: "Employee", values: [
                ("name", .string("Ann")), ("birthDate", .date(0)), ("salary", .decimal(DecimalValue(string: "1234.5")!))])
            try ctx.save()
            let store = try PersistentStore(sqlitePath: path, model: versions[target], migration: StoreMigrationOptions(sourceModels: versions))
            let employee = try #require(versions[target].entity(named: "Employee"))
            let row = try #require(store.row(for: id("Employee", 1)))
            let values = Dictionary(uniqueKeysWithValues: zip(employee.attributes.map(\.name), row.attributes))
            #expect(values["name"] == .string("Ann"))
            #expect(values["salary"] == .decimal(DecimalValue(string: "1234.5")!))
            if target == 1 { #expect(values["companyName"] == .null) }
            if target == 2 { #expect(row.toOne[0] == nil && store.count(entityName: "Company") == 0) }
        }
    }
}

/// A store laid out by Core Data with the sqlite3 shell (Core Data's own hashes, entity numbers, model
/// cache and history entity), migrated to a version whose Tag has a new attribute: found by its tables.
@Suite(.enabled(if: sqlite3Executable != nil, Comment(rawValue: sqlite3Missing)))
struct AppStoreMigrationTests {
    @Test("an app's store (Core Data's hashes) migrates from the model whose tables it has; numbers and pairs kept")
    func appStoreMigrates() throws {
        let path = freshStorePath("migration-app")
        defer { unlink(path); unlink(path + "-migration") }
        #expect(sqlite3(path, coreDataStoreSQL) == "")
        let uuid = "E8B22CEA-8316-45E7-BC08-3FBA516F962C"
        let v1 = try storeFormatModel()
        var entities = v1.entities.map { e in
            EntityDescription(name: e.name, attributes: e.declaredAttributes, relationships: e.declaredRelationships)
        }
        let tag = entities.firstIndex { $0.name == "Tag" }!
        entities[tag] = EntityDescription(name: "Tag", attributes: entities[tag].declaredAttributes + [
            AttributeDescription(name: "color", type: .string, isOptional: true)], relationships: entities[tag].declaredRelationships)
        let v2 = try ManagedObjectModel(entities: entities)
        let store = try PersistentStore(sqlitePath: path, model: v2, migration: StoreMigrationOptions(sourceModels: [v1]))
        #expect(store.objectIDs(entityName: "Customer").map(\.number) == [5, 9])
        #expect(store.objectIDs(entityName: "Tag").map(\.number) == [1, 7])
        #expect(store.row(for: ManagedObjectID(entityName: "Tag", number: 7, isTemporaryID: false))?.attributes == [.string("blue"), .null])
        #expect(store.row(for: ManagedObjectID(entityName: "Order", number: 2, isTemporaryID: false))?.toMany[1].map(\.number) == [1, 7])
        #expect(store.row(for: ManagedObjectID(entityName: "Customer", number: 5, isTemporaryID: false))?.version == 3)
        #expect(store.metadata["NSStoreUUID"] == .string(uuid))
        #expect(store.largestNumber(entityName: "Customer") == 9)
        store.close()
        #expect(sqlite3(path, "SELECT Z_NAME, Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_NAME;") == "Customer|9\nOrder|4\nTag|7\n")
        #expect(sqlite3(path, "SELECT name FROM sqlite_master WHERE name IN ('Z_MODELCACHE', 'ATRANSACTION');") == "")
    }
}

/// The package root, found from this file's path.
let packageRootForMigration: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)   // Tests/ObjectGraphTests/StoreMigrationTests.swift
    return parts.joined(separator: "/")
}()
