import Testing
import LuaBridge
import ObjectGraph
@testable import Scripting

/// How a sub-entity's class inherits: the chain of definitions, nearest first, and lookups along it.
@Suite struct ManagedObjectClassChainTests {
    @Test("a sub-entity overrides what it redeclares and inherits the rest, callbacks included")
    func inheritance() throws {
        let engine = try ScriptEngine()
        func function() -> LuaRef {
            engine.state.push(true)
            return engine.state.ref()
        }
        let person = EntityDescription(name: "Person")
        let employee = EntityDescription(name: "Employee")
        let manager = EntityDescription(name: "Manager")
        let parents: [ObjectIdentifier: EntityDescription] = [
            ObjectIdentifier(employee): person, ObjectIdentifier(manager): employee,
        ]
        let personClass = ManagedObjectClassDefinition(entityName: "Person")
        let label = function()
        personClass.methods["label"] = label
        personClass.properties["initials"] = function()
        personClass.callbacks[.willSave] = function()
        personClass.keyValidators["name"] = function()
        let employeeClass = ManagedObjectClassDefinition(entityName: "Employee")
        let ownLabel = function()
        employeeClass.methods["label"] = ownLabel
        let definitions = [ObjectIdentifier(person): personClass, ObjectIdentifier(employee): employeeClass]

        let chain = ScriptEngine.classChain(of: manager, definitions: definitions) { parents[ObjectIdentifier($0)] }
        #expect(chain.map(\.entityName) == ["Employee", "Person"])
        let managerClass = LuaManagedObjectClass(engine: engine, own: nil, chain: chain)
        #expect(managerClass.member("label")?.function === ownLabel)
        #expect(managerClass.member("initials")?.isProperty == true)
        #expect(managerClass.implements(.willSave))
        #expect(!managerClass.implements(.didSave))
        #expect(managerClass.validatesValue(forKey: "name"))

        let personChain = ScriptEngine.classChain(of: person, definitions: definitions) { parents[ObjectIdentifier($0)] }
        #expect(LuaManagedObjectClass(engine: engine, own: personClass, chain: personChain).member("label")?.function === label)
        // A cycle of parents stops the walk.
        let looped = ScriptEngine.classChain(of: person, definitions: definitions) { $0 === person ? employee : person }
        #expect(looped.map(\.entityName) == ["Person", "Employee"])
    }
}
