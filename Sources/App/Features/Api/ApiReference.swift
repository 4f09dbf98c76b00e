import Foundation
import Hummingbird
import Yams

/// `GET /api/reference`: the reference page, for anyone (it says only what the served spec says).
struct ApiReferenceController: Sendable {
    static let path = "/api/reference"
    let pages: PageRenderer
    let reference: ApiReference

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(Self.path) { _, context in
            let t = context.words
            return pages.page(title: t["apireference.title"], section: nil, context: context) {
                // Signed out, the shell has no header to name the page in: the page names itself.
                ApiReferencePages.show(reference, heading: $0.showNav ? nil : $0.title, t: $0.t)
            }
        }
    }
}

/// The API's reference page, read from `Resources/openapi.yaml` once at start, so it says what the served spec says:
/// its operations in the spec's order, each with its parameters, body and answers, and every schema's properties.
struct ApiReference: Sendable {
    /// A type as the page names it: a schema of the spec (a link to it), a plain type, or an array of one.
    indirect enum TypeRef: Sendable, Equatable {
        case schema(String)
        case plain(String)
        case array(TypeRef)
    }

    struct Parameter: Sendable {
        let name: String
        /// `path`, `query` or `header`.
        let location: String
        let required: Bool
        let type: TypeRef
        let description: String
    }

    struct Answer: Sendable {
        let status: String
        let description: String
        let type: TypeRef?
    }

    struct Operation: Sendable {
        let id: String
        let method: String
        let path: String
        let tag: String
        let summary: String
        let description: String
        let parameters: [Parameter]
        let body: TypeRef?
        let answers: [Answer]
    }

    struct Property: Sendable {
        let name: String
        let type: TypeRef
        let required: Bool
        let description: String
    }

    struct Schema: Sendable {
        let name: String
        let description: String
        /// For an object, its properties; else the type it is (an enum of strings, say).
        let properties: [Property]
        let type: TypeRef?
    }

    let title: String
    let version: String
    let description: String
    /// Where the paths begin (`/api/v1`).
    let server: String
    /// How a request is authenticated (the security scheme's description).
    let authentication: String
    let operations: [Operation]
    let schemas: [Schema]

    /// The operations by tag, in the order the spec first names each tag.
    var byTag: [(tag: String, operations: [Operation])] {
        var tags: [String] = []
        for operation in operations where !tags.contains(operation.tag) { tags.append(operation.tag) }
        return tags.map { tag in (tag, operations.filter { $0.tag == tag }) }
    }

    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads an OpenAPI 3.1 document.
    static func parse(_ text: String) throws -> ApiReference {
        guard let root = try Yams.compose(yaml: text) else { throw Unreadable(description: "the spec is empty") }
        let components = root["components"]
        func resolved(_ node: Node, in section: String) -> Node {
            guard let ref = node["$ref"]?.string, ref.hasPrefix("#/components/\(section)/") else { return node }
            return components?[section]?[String(ref.dropFirst("#/components/\(section)/".count))] ?? node
        }
        let methods = ["get", "put", "post", "delete", "patch"]
        var operations: [Operation] = []
        for (pathNode, item) in root["paths"]?.mapping ?? [:] {
            guard let path = pathNode.string else { continue }
            for (methodNode, node) in item.mapping ?? [:] {
                guard let method = methodNode.string, methods.contains(method) else { continue }
                let parameters = (node["parameters"]?.array() ?? []).map { resolved($0, in: "parameters") }.map {
                    Parameter(
                        name: $0["name"]?.string ?? "",
                        location: $0["in"]?.string ?? "",
                        required: $0["required"]?.bool ?? false,
                        type: $0["schema"].map(typeRef) ?? .plain("string"),
                        description: $0["description"]?.string ?? ""
                    )
                }
                let answers = (node["responses"]?.mapping ?? [:]).map { status, answer in
                    let answer = resolved(answer, in: "responses")
                    let content = answer["content"]?.mapping?.first?.value
                    return Answer(
                        status: status.string ?? "",
                        description: answer["description"]?.string ?? "",
                        type: content?["schema"].map(typeRef)
                    )
                }
                operations.append(
                    Operation(
                        id: node["operationId"]?.string ?? "\(method) \(path)",
                        method: method.uppercased(),
                        path: path,
                        tag: node["tags"]?.array().first?.string ?? "",
                        summary: node["summary"]?.string ?? "",
                        description: node["description"]?.string ?? "",
                        parameters: parameters,
                        body: node["requestBody"]?["content"]?.mapping?.first?.value["schema"].map(typeRef),
                        answers: answers
                    )
                )
            }
        }
        let schemas = (components?["schemas"]?.mapping ?? [:]).compactMap { name, node -> Schema? in
            guard let name = name.string else { return nil }
            let required = Set(node["required"]?.array().compactMap(\.string) ?? [])
            let properties = (node["properties"]?.mapping ?? [:]).compactMap { property, node -> Property? in
                guard let property = property.string else { return nil }
                return Property(
                    name: property,
                    type: typeRef(node),
                    required: required.contains(property),
                    description: node["description"]?.string ?? ""
                )
            }
            return Schema(
                name: name,
                description: node["description"]?.string ?? "",
                properties: properties,
                type: properties.isEmpty ? typeRef(node) : nil
            )
        }
        return ApiReference(
            title: root["info"]?["title"]?.string ?? "",
            version: root["info"]?["version"]?.string ?? "",
            description: root["info"]?["description"]?.string ?? "",
            server: root["servers"]?.array().first?["url"]?.string ?? "",
            authentication: components?["securitySchemes"]?.mapping?.first?.value["description"]?.string ?? "",
            operations: operations,
            schemas: schemas
        )
    }

    /// A schema node's type: its `$ref`, an array of its items, or its type with format, values and bounds.
    static func typeRef(_ node: Node) -> TypeRef {
        if let ref = node["$ref"]?.string { return .schema(String(ref.split(separator: "/").last ?? "")) }
        let type = node["type"]?.string ?? node["type"]?.array().compactMap(\.string).joined(separator: " | ") ?? ""
        if type == "array", let items = node["items"] { return .array(typeRef(items)) }
        var text = type
        if let format = node["format"]?.string { text += " (\(format))" }
        if let values = node["enum"]?.array().compactMap(\.string), !values.isEmpty {
            text += ": " + values.joined(separator: ", ")
        }
        let bounds = [("minimum", "≥"), ("maximum", "≤"), ("minLength", "length ≥"), ("maxLength", "length ≤")]
            .compactMap { key, sign in node[key]?.string.map { "\(sign) \($0)" } }
        if !bounds.isEmpty { text += ", " + bounds.joined(separator: ", ") }
        if let pattern = node["pattern"]?.string { text += ", matching \(pattern)" }
        if let fallback = node["default"]?.string { text += ", default \(fallback)" }
        return .plain(text)
    }
}
