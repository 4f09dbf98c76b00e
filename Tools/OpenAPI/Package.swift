// swift-tools-version: 6.0
// The OpenAPI code generator, kept apart from the app so the app's own build doesn't build it: `generate` runs it on
// the spec, and `.ci/run` checks that the committed code is what the spec makes.
import PackageDescription

let package = Package(
    name: "OpenAPITools",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
    ]
)
