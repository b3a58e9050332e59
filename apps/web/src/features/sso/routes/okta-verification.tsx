export default function OktaVerificationPage() {
  return <div role="status">Loading...</div>;
}
