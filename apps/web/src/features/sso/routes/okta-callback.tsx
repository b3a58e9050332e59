export default function OktaCallbackPage() {
  return <div role="status">Loading...</div>;
}
